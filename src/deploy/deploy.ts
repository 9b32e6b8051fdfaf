import { ExitCode, UserError } from "../errors.js";
import type { ModelRecord } from "../model/record.js";
import { recordView, type RecordView } from "../model/view.js";
import { parseMemorySize } from "../weights/memory-fit.js";
import { installCommand } from "../code/install.js";
import { disabledModelNote } from "../inference/provider-choice.js";
import { endpointCallOf } from "./endpoint-call.js";
import { endpointEngineFor } from "./engine.js";
import { endpointName, endpointsPython } from "./endpoints-snippet.js";
import { chooseHardware, instanceName, type HardwareOptions } from "./hardware.js";
import type { DeployCheck, EngineKey } from "./schema.js";
import { deployChecks, endpointEngine, engineRules } from "./tables.js";
import { checkDeployTarget, deployTargetLabels, deployTargets, type DeployTarget } from "./targets.js";
import { servedWeights } from "./weights.js";
import { azureRegionWhy, regionRefusals } from "./regions.js";
import { sagemakerDecision, sagemakerPython } from "./sagemaker.js";
import { sagemakerSdkPython } from "./sagemaker-sdk.js";
import { vertexDecision, vertexPython } from "./vertex.js";
import { azureDecision, azurePython, azureWorkspace } from "./azure.js";

/*
 * The deploy decision: for each target asked for (all of them by default), the code that puts the model on a
 * dedicated endpoint and calls it, or why that target cannot serve it. Read from the model's view, as the other
 * kinds of snippet are; the faces (the CLI's --deploy) read this answer.
 */

export interface DeployOptions extends HardwareOptions {
  /** One target; every target by default. */
  target?: string;
  /** For llama.cpp: the biggest GGUF quantization that fits this memory, as `--memory` chooses it (`16GB`, or bytes). */
  memory?: string | number;
  language?: string;
  client?: string;
  /** The region (SageMaker's, Vertex AI's location, Inference Endpoints'): each target's default otherwise. */
  region?: string;
  /** The context (tokens) the engine is started with and the hardware sized for; chosen from the memory otherwise. */
  context?: number;
  /** The endpoint's name (checked): one made from the model's id otherwise. */
  name?: string;
  /** Inference Endpoints: more arguments of the engine's container. */
  engineArgs?: readonly string[];
  /** Inference Endpoints: more environment variables of the endpoint. */
  env?: Readonly<Record<string, string>>;
}

export interface DeploySnippet {
  kind: "deploy";
  target: DeployTarget;
  language: "python";
  /** The SDK the code uses. */
  client: string;
  content: string;
  install: string;
  /** The environment variables the code reads (the Hub token, the cloud's role, project or workspace). */
  reads: string[];
  /** What this form of the code was held to: the SDK, its version, what was executed and what only read. */
  checked?: DeployCheck;
}

/** What was decided for one target that serves the model. */
export interface DeployPlan {
  target: DeployTarget;
  engine: { key: EngineKey; label: string; why: string };
  instance: { vendor: string; region: string; name: string; memoryGb: number; pricePerHour: number };
  /** llama.cpp's quantization. */
  quant?: { label: string; file: string };
}

export interface DeployAnswer {
  snippets: DeploySnippet[];
  plans: DeployPlan[];
  /** Lines for the user beside the code (prefixed with the target when every target is asked for). */
  notes: string[];
  /** Why each target asked for wrote nothing. */
  missing: Partial<Record<DeployTarget, string>>;
  /** For each target with code: the SDK and version it was checked against, what was executed, what only read. */
  checked: Partial<Record<DeployTarget, DeployCheck>>;
}

const memoryBytes = (memory: string | number | undefined) => (memory === undefined ? undefined : typeof memory === "number" ? memory : parseMemorySize(memory));

function addEndpoints(view: RecordView, options: DeployOptions, answer: DeployAnswer): void {
  const decision = endpointEngineFor(view);
  if (!decision.served) {
    answer.missing.endpoints = decision.why;
    return;
  }
  const engine = endpointEngine(decision.engine);
  const weights = servedWeights(view, decision.engine, memoryBytes(options.memory));
  // With every target asked for, an instance named as SageMaker names its instances (ml.…) is SageMaker's.
  const instance = options.target === undefined && options.instance?.startsWith("ml.") ? undefined : options.instance;
  const hardware = chooseHardware(
    engine,
    weights.demand,
    { vendor: options.vendor, instance, region: options.region, context: options.context },
    decision.accelerators,
  );
  if (!hardware.fits) {
    answer.missing.endpoints = hardware.why;
    return;
  }
  const call = endpointCallOf(view, decision.engine);
  if (call === undefined) {
    answer.missing.endpoints = `no call of the endpoint is written for task '${view.task ?? "none"}'`;
    return;
  }
  const chosen = hardware.instance;
  const content = endpointsPython({
    view,
    engine,
    instance: chosen,
    task: view.task ?? "text-generation",
    ggufFile: weights.quant?.file,
    rules: engineRules(decision.engine),
    fit: hardware.fit,
    estimated: weights.estimated,
    customCode: decision.customCode === true,
    name: nameOf(view, options),
    engineArgs: options.engineArgs ?? [],
    env: options.env ?? {},
    call,
  });
  const install = installCommand("pip", ["huggingface-hub", ...(call.needs === undefined ? [] : [call.needs])]);
  // huggingface_hub creates the endpoint with the user's token, and the call sends it.
  const reads = [hubToken];
  answer.snippets.push({ kind: "deploy", target: "endpoints", language: "python", client: "huggingface_hub", content, install, reads });
  answer.plans.push({
    target: "endpoints",
    engine: { key: engine.key, label: engine.label, why: decision.why },
    instance: { vendor: chosen.vendor, region: chosen.region, name: instanceName(chosen), memoryGb: chosen.memoryGb, pricePerHour: chosen.pricePerHour },
    ...(weights.quant === undefined ? {} : { quant: weights.quant }),
  });
  const quant =
    weights.quant === undefined
      ? ""
      : ` (the quantization ${weights.quant.label}${options.memory === undefined ? ", the default; --memory picks the biggest that fits a memory" : ""})`;
  answer.notes.push(
    `Inference Endpoints: ${engine.key === "toolkit" ? "the inference toolkit" : engine.label}${quant} on ${instanceName(chosen)} (${chosen.vendor} ${chosen.region}, $${chosen.pricePerHour}/hour); ${decision.why}`,
    ...hardware.notes,
  );
  if (view.gated || view.private)
    answer.notes.push("the model is gated or private: the endpoint is given your HF_TOKEN as a secret, read from the environment where the code runs");
  if (engine.imageKey === undefined && (options.engineArgs?.length ?? 0) > 0)
    answer.notes.push("Inference Endpoints: --engine-arg is left out: the inference toolkit's default image takes no container arguments");
  answer.notes.push(
    "Inference Endpoints: a model of the Endpoints catalogue (hf endpoints catalog ls) deploys with settings Hugging Face tuned for it: hf endpoints catalog deploy --repo <its id>",
  );
}

/** The variable of the user's Hub token, which the code reads from the environment. */
const hubToken = "HF_TOKEN";
/** The variables Azure ML's code reads its workspace from. */
const azureWorkspaceVariables = azureWorkspace.map(([, variable]) => variable);

/** A cloud target's decision: why it serves the model, with notes, or why it does not. */
type CloudDecision = { served: false; why: string } | { served: true; why: string; notes: readonly string[] };

/** One form of a cloud target's code (SageMaker has two: boto3's and the SageMaker SDK's). */
interface CloudForm<D> {
  client: string;
  install: string;
  /** The code, for the endpoint of this name. */
  write: (view: RecordView, decision: D, name: string) => string;
}

/** How a cloud target's code is written once its decision serves the model. */
interface CloudCode<D> {
  forms: CloudForm<D>[];
  /** The environment variables every form reads besides the Hub token (which a gated or private model's code reads too). */
  reads: string[];
  /** The note beside the code, from the decision's reason. */
  note: (why: string) => string;
}

/** The target's code (each form) and notes when its decision serves the model, else why it does not. */
function addCloud<D extends CloudDecision>(
  target: DeployTarget,
  view: RecordView,
  decision: D,
  code: CloudCode<Extract<D, { served: true }>>,
  answer: DeployAnswer,
  name: string,
): void {
  if (!decision.served) {
    answer.missing[target] = decision.why;
    return;
  }
  const served = decision as Extract<D, { served: true }>;
  const reads = [...code.reads, ...(view.gated || view.private ? [hubToken] : [])];
  for (const form of code.forms)
    answer.snippets.push({
      kind: "deploy",
      target,
      language: "python",
      client: form.client,
      content: form.write(view, served, name),
      install: form.install,
      reads,
    });
  answer.notes.push(code.note(served.why), ...served.notes);
}

function addSagemaker(view: RecordView, options: DeployOptions, answer: DeployAnswer): void {
  // SageMaker's instances are named ml.<family>.<size>: with every target asked for, another name is Inference Endpoints'.
  const instance = options.target === undefined && !options.instance?.startsWith("ml.") ? undefined : options.instance;
  addCloud(
    "sagemaker",
    view,
    sagemakerDecision(view, { instance, region: options.region, context: options.context }),
    {
      // boto3's form first: it needs no SageMaker SDK, and it is executed against a stand-in of the APIs.
      forms: [
        { client: "boto3", install: "pip install -U boto3", write: sagemakerPython },
        { client: "sagemaker", install: 'pip install -U "sagemaker>=3"', write: sagemakerSdkPython },
      ],
      reads: ["SAGEMAKER_ROLE_ARN"],
      note: (why) =>
        `Amazon SageMaker: ${why}; the code reads the role SageMaker assumes from SAGEMAKER_ROLE_ARN${options.client === undefined ? "; --client boto3 or --client sagemaker (the SageMaker Python SDK v3's ModelBuilder) picks one form" : ""}`,
    },
    answer,
    nameOf(view, options),
  );
}

function addVertex(view: RecordView, options: DeployOptions, answer: DeployAnswer): void {
  // Vertex AI's machines are checked by name only when Vertex AI is the target asked for.
  const decision = vertexDecision(view, { instance: options.target === "vertex" ? options.instance : undefined, region: options.region });
  addCloud(
    "vertex",
    view,
    decision,
    {
      forms: [{ client: "google-cloud-aiplatform", install: "pip install -U google-cloud-aiplatform", write: vertexPython }],
      reads: ["GOOGLE_CLOUD_PROJECT"],
      note: (why) => `Google Cloud Vertex AI: ${why}; the code reads the project from GOOGLE_CLOUD_PROJECT`,
    },
    answer,
    nameOf(view, options),
  );
}

function addAzure(view: RecordView, options: DeployOptions, answer: DeployAnswer): void {
  // Azure ML's instances are checked by name only when Azure ML is the target asked for.
  addCloud(
    "azure",
    view,
    azureDecision(view, { instance: options.target === "azure" ? options.instance : undefined }),
    {
      forms: [{ client: "azure-ai-ml", install: "pip install -U azure-ai-ml azure-identity", write: azurePython }],
      reads: azureWorkspaceVariables,
      note: (why) => `Azure Machine Learning: ${why}; the code reads the workspace from ${azureWorkspaceVariables.join(", ").replace(/, (?=[^,]*$)/, " and ")}`,
    },
    answer,
    nameOf(view, options),
  );
  if (options.region !== undefined && answer.snippets.some((snippet) => snippet.target === "azure")) answer.notes.push(`Azure ML: ${azureRegionWhy}`);
}

/** The endpoint's name: --name, checked as Inference Endpoints checks names, else one made from the model's id. */
function nameOf(view: RecordView, options: DeployOptions): string {
  const name = options.name;
  if (name === undefined) return endpointName(view.id);
  if (!/^[a-z](?:[a-z0-9-]{0,30}[a-z0-9])?$/.test(name))
    throw new UserError(
      `--name '${name}' is not an endpoint name: lower-case letters, digits and hyphens, starting with a letter and not ending with a hyphen, at most 32 characters`,
    );
  return name;
}

/**
 * The code that deploys a model on a dedicated endpoint, per target. An unknown target is a UserError (exit 2); a
 * `--memory` that no GGUF quantization fits, one with exit code 1.
 */
export function getDeploySnippets(model: ModelRecord, options: DeployOptions = {}): DeployAnswer {
  return deployOf(recordView(model), options);
}

/** getDeploySnippets, for a record already read into its view. */
function deployOf(view: RecordView, options: DeployOptions = {}): DeployAnswer {
  const targets = options.target === undefined ? [...deployTargets] : [checkDeployTarget(options.target)];
  const answer: DeployAnswer = { snippets: [], plans: [], notes: [], missing: {}, checked: {} };
  const refusals = regionRefusals(targets, options.region, options.vendor);
  const endpointsOnly = [options.engineArgs !== undefined ? "--engine-arg" : undefined, options.env !== undefined ? "--env" : undefined].filter(
    (flag) => flag !== undefined,
  );
  if (endpointsOnly.length > 0 && !targets.includes("endpoints"))
    throw new UserError(
      `${endpointsOnly.join(" and ")} ${endpointsOnly.length > 1 ? "set" : "sets"} Inference Endpoints' container: give ${endpointsOnly.length > 1 ? "them" : "it"} with --deploy endpoints`,
    );
  if (endpointsOnly.length > 0 && targets.length > 1) answer.notes.push(`${endpointsOnly.join(" and ")}: Inference Endpoints' code only`);
  if (view.disabled) {
    for (const target of targets) answer.missing[target] = disabledModelNote(view);
    return answer;
  }
  for (const target of targets) {
    const refused = refusals[target];
    if (refused !== undefined) {
      answer.missing[target] = refused;
      continue;
    }
    if (target === "sagemaker") addSagemaker(view, options, answer);
    else if (target === "vertex") addVertex(view, options, answer);
    else if (target === "azure") addAzure(view, options, answer);
    else addEndpoints(view, options, answer);
  }
  const wanted = (snippet: DeploySnippet) =>
    (options.language === undefined || snippet.language === options.language) && (options.client === undefined || snippet.client === options.client);
  const rows = deployChecks().targets;
  answer.snippets = answer.snippets.filter(wanted).map((snippet) => {
    const row = rows.find((candidate) => candidate.target === snippet.target && candidate.client === snippet.client);
    if (row === undefined) throw new Error(`data/deploy/targets.json has no checked record for ${snippet.target}/${snippet.client}`);
    return { ...snippet, checked: row.checked };
  });
  // A target's record is its first form's (boto3's for SageMaker); each snippet carries its own.
  for (const snippet of [...answer.snippets].reverse()) if (snippet.checked !== undefined) answer.checked[snippet.target] = snippet.checked;
  return answer;
}

/** The one line that says why a target asked for writes nothing (exit 1). */
export function noDeployError(view: { id: string }, answer: DeployAnswer, target: string | undefined): UserError {
  const reasons = Object.entries(answer.missing).map(([name, why]) => `${deployTargetLabels[name as DeployTarget]}: ${why}`);
  const what = target === undefined ? "no deploy code" : `no ${target} deploy code`;
  return new UserError(`${what} for ${view.id}: ${reasons.join("; ")}`, ExitCode.noMatch);
}
