import type { RecordView } from "../model/view.js";
import { ggufUseOf } from "../model/formats.js";
import { llamaServerModeOf } from "../apps/llama-server-modes.js";
import { pythonCall, pythonString, type PythonArgument } from "../code/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import type { EndpointCall } from "./endpoint-call.js";
import { describeInstance } from "./hardware.js";
import { neededText, type Fitted } from "./fit.js";
import type { EndpointEngine, EndpointInstance, EngineRules } from "./schema.js";

/*
 * The Inference Endpoints snippet: huggingface_hub's create_inference_endpoint with the engine's image and the chosen
 * instance, an authenticated endpoint that scales to zero when idle, the token of a gated or private model passed
 * as a secret read from the environment; then wait() until it runs, the call, and how to pause or delete it. Every
 * value of the record enters the code as a literal; the comments hold the tables' words and numbers only.
 */

/** Minutes without a request before the endpoint scales to zero. */
const scaleToZeroMinutes = 15;
/** Seconds wait() gives the first start (the weights' download and the engine's start). */
const waitSeconds = 1800;

export interface EndpointPlan {
  view: RecordView;
  engine: EndpointEngine;
  instance: EndpointInstance;
  /** The task the endpoint is created for (the record's, or text-generation for a GGUF repository without one). */
  task: string;
  /** llama.cpp's GGUF file. */
  ggufFile: string | undefined;
  /** The engine's own rules (data/deploy/engine-rules.json). */
  rules: EngineRules;
  /** What the engine needs of the instance and the context it is started with; undefined when the record does not tell. */
  fit: Fitted | undefined;
  /** The weights' bytes are estimated from the parameter count. */
  estimated: boolean;
  /** The repository's own code (the config's auto_map) is run: vLLM's --trust-remote-code, the toolkit's HF_TRUST_REMOTE_CODE. */
  customCode: boolean;
  /** The endpoint's name. */
  name: string;
  /** The user's arguments of the engine's container (--engine-arg) and environment variables (--env), after hub-snippets' own. */
  engineArgs: readonly string[];
  env: Readonly<Record<string, string>>;
  call: EndpointCall;
}

/** FNV-1a of a text, as 6 hexadecimal digits: what tells apart two repositories of one name in different namespaces. */
function shortDigest(text: string): string {
  let hash = 0x811c9dc5;
  for (const unit of new TextEncoder().encode(text)) hash = Math.imul(hash ^ unit, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0").slice(0, 6);
}

/**
 * The endpoint's name from the repository's: lower-case letters, digits and hyphens, starting with a letter, at most
 * 32 characters (Inference Endpoints' rule for names), ending with a digest of the whole id, so that
 * onnx-community/Qwen2.5-0.5B-Instruct and Qwen/Qwen2.5-0.5B-Instruct get two names.
 */
export function endpointName(id: string): string {
  const base = (id.split("/").at(-1) ?? id)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  const named = /^[a-z]/.test(base) ? base : `endpoint-${base}`;
  return `${named.slice(0, 25).replace(/-+$/, "")}-${shortDigest(id)}`;
}

/** The image dict create_inference_endpoint takes for an engine (none for the managed default image). */
function imageOf(engine: EndpointEngine, instance: EndpointInstance): Record<string, DataValue> | undefined {
  if (engine.imageKey === undefined) return undefined;
  const url = engine.images[instance.instanceType] ?? engine.images[instance.accelerator];
  if (url === undefined) return undefined;
  const config: Record<string, DataValue> = { url };
  if (engine.port !== undefined) config["port"] = engine.port;
  if (engine.healthRoute !== undefined) config["healthRoute"] = engine.healthRoute;
  if (engine.tensorParallel && instance.accelerator === "gpu" && instance.accelerators > 1) config["tensorParallelSize"] = instance.accelerators;
  return { [engine.imageKey]: config };
}

function createArguments(plan: EndpointPlan): PythonArgument[] {
  const { view, engine, instance } = plan;
  const args: PythonArgument[] = [
    [undefined, code("name")],
    ["repository", view.id],
    ["framework", engine.framework],
    ["task", plan.task],
    ["accelerator", instance.accelerator],
    ["vendor", instance.vendor],
    ["region", instance.region],
    ["instance_type", instance.instanceType],
    ["instance_size", instance.instanceSize],
  ];
  const image = imageOf(engine, instance);
  if (image !== undefined) args.push(["custom_image", image]);
  // vLLM serves the model under the name the call gives (the repository's id), and runs its code only when trusted.
  const own =
    plan.ggufFile !== undefined
      ? ["--model", `/repository/${plan.ggufFile}`, ...contextArguments(plan), ...llamaCppModeArguments(view)]
      : engine.key === "vllm"
        ? ["--served-model-name", view.id, ...contextArguments(plan), ...(plan.customCode ? ["--trust-remote-code"] : [])]
        : [];
  // The default image takes no arguments: --engine-arg is left out there (deploy.ts says so).
  const containerArguments = [...own, ...(engine.imageKey === undefined ? [] : plan.engineArgs)];
  if (containerArguments.length > 0) args.push(["container_args", containerArguments]);
  const environment = { ...(engine.key === "toolkit" && plan.customCode ? { HF_TRUST_REMOTE_CODE: "1" } : {}), ...plan.env };
  if (Object.keys(environment).length > 0) args.push(["env", environment]);
  args.push(["type", "authenticated"], ["min_replica", 0], ["max_replica", 1], ["scale_to_zero_timeout", scaleToZeroMinutes]);
  if (view.gated || view.private) args.push(["secrets", { HF_TOKEN: code('os.environ["HF_TOKEN"]') }]);
  return args;
}

/** llama.cpp's server mode for an embedding or reranking GGUF (llama-server-modes.ts): the flag that starts it. */
function llamaCppModeArguments(view: RecordView): string[] {
  const mode = llamaServerModeOf(ggufUseOf(view.record.pipeline_tag));
  return mode === undefined ? [] : [mode.flag];
}

/** The engine's context argument, when the plan sets one (vLLM's --max-model-len, llama.cpp's -c). */
function contextArguments(plan: EndpointPlan): string[] {
  const argument = plan.rules.context?.argument;
  const context = plan.fit?.context;
  if (argument === undefined || context === undefined) return [];
  return [argument, "tokens" in context ? String(context.tokens) : context.auto];
}

/** The comment lines above the call: the engine, the hardware and the context, in the tables' words. */
function why(plan: EndpointPlan): string[] {
  const lines = [`# Engine: ${plan.engine.label}.`, `# Hardware: ${describeInstance(plan.instance)},`];
  const fit = plan.fit;
  if (fit === undefined) {
    lines.push("# the cheapest that runs the engine (the record does not say how big the weights are).");
    return lines;
  }
  lines.push(...commentLines(`the cheapest that holds ${neededText(fit, plan.rules)}${plan.estimated ? " (the weights estimated)" : ""}.`));
  const context = fit.context;
  const argument = plan.rules.context?.argument;
  if (context !== undefined && argument !== undefined) {
    const said =
      "auto" in context
        ? `${argument} ${context.auto}: ${plan.rules.label} takes the longest context that fits the memory left.`
        : fit.kvSized
          ? `${argument} ${context.tokens}: the context the hardware was sized for (--context sets another).`
          : `${argument} ${context.tokens}, as --context asks (the record has no dimensions to size its KV cache by).`;
    lines.push(...commentLines(`The engine is started with ${said}`));
  }
  return lines;
}

/** Lines of code one block in (four spaces), blank lines left blank. */
const indented = (text: string) =>
  text
    .split("\n")
    .map((line) => (line === "" ? line : `    ${line}`))
    .join("\n");

/** A sentence as comment lines of at most 100 characters. */
function commentLines(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(" ")) {
    if (line.length + word.length + 1 > 100 && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  return [...lines, line];
}

/** The whole program: create, wait, call, pause. */
export function endpointsPython(plan: EndpointPlan): string {
  const secrets = plan.view.gated || plan.view.private;
  const imports: string[] = [];
  if (secrets || plan.call.session) imports.push("import os", "");
  imports.push(
    // Black's form: one name a line once the three do not fit on one.
    plan.call.session
      ? "from huggingface_hub import (\n    create_inference_endpoint,\n    get_inference_endpoint,\n    get_session,\n)"
      : "from huggingface_hub import create_inference_endpoint, get_inference_endpoint",
    "from huggingface_hub.errors import HfHubHTTPError",
  );
  const lines = [
    ...imports,
    "",
    `name = ${pythonString(plan.name)}`,
    "try:",
    "    endpoint = get_inference_endpoint(name)",
    "except HfHubHTTPError as error:",
    "    if error.response.status_code != 404:",
    "        raise",
    "    endpoint = None",
    "",
    "if endpoint is None:",
    ...why(plan).map((line) => `    ${line}`),
    indented(pythonCall("endpoint = create_inference_endpoint(", createArguments(plan))),
    "else:",
    "    # The endpoint of an earlier run, paused at its end: started again as it was created",
    "    # (delete it first to create it with other settings).",
    "    endpoint.resume(running_ok=True)",
    "# The first start downloads the weights and starts the engine: allow it several minutes.",
    `endpoint.wait(timeout=${waitSeconds})`,
    "",
    plan.call.code,
    "",
    `# It scales to zero after ${scaleToZeroMinutes} idle minutes. Pause it when you are done (endpoint.resume()`,
    "# starts it again), or delete it with endpoint.delete().",
    "endpoint.pause()",
  ];
  return `${lines.join("\n")}\n`;
}
