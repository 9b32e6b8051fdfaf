import { UserError } from "../errors.js";
import type { RecordView } from "../model/view.js";
import { formatBytes } from "../weights/memory-fit.js";
import { pythonAssignment, pythonCall, pythonString } from "../code/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import { endpointEngineFor } from "./engine.js";
import { gpuCandidate } from "./cloud-machine.js";
import { chooseMachine, type Candidate, type Fitted } from "./fit.js";
import type { EngineRules, SagemakerImage, SagemakerInstance } from "./schema.js";
import { engineRules, gpuNamed, sagemakerTable } from "./tables.js";
import { servedWeights } from "./weights.js";

/*
 * Amazon SageMaker, in boto3's form (no SageMaker SDK): create_model with the Hugging Face container for the model
 * (TGI for text generation and chat, TEI for embeddings), create_endpoint_config on the smallest GPU instance that
 * holds the weights, create_endpoint, the `endpoint_in_service` waiter, one invoke_endpoint through
 * sagemaker-runtime, then how to delete it all. The image URI is written from the table (data/deploy/sagemaker.json,
 * the SageMaker Python SDK's image URI configuration at named commits).
 */

const defaultSagemakerRegion = "us-east-1";

export type SagemakerDecision =
  | {
      served: true;
      image: SagemakerImage;
      instance: SagemakerInstance;
      fit: Fitted | undefined;
      rules: EngineRules;
      region: string;
      why: string;
      notes: string[];
    }
  | { served: false; why: string };

/** The image URI as the SDK's image_uris.retrieve writes it, for a region. */
export const imageUri = (image: SagemakerImage, region: string, account: string): string =>
  `${account}.dkr.ecr.${region}.amazonaws.com/${image.repository}:${image.tagPrefix}-gpu-${image.pyVersion}-${image.containerVersion}`;

const bytesOf = (instance: SagemakerInstance) => instance.gpuMemoryMiB * 2 ** 20;

const candidateOf = (instance: SagemakerInstance): Candidate<SagemakerInstance> =>
  gpuCandidate({
    row: instance,
    name: instance.instanceType,
    gpus: instance.gpus,
    memoryBytes: bytesOf(instance),
    capability: gpuNamed("sagemaker", instance.instanceType.split(".")[1] ?? "")?.computeCapability,
    describe: `${instance.instanceType} (${instance.gpus} GPU${instance.gpus > 1 ? "s" : ""}, ${formatBytes(bytesOf(instance))})`,
  });

export function sagemakerDecision(view: RecordView, options: { region?: string; instance?: string; context?: number }): SagemakerDecision {
  const engine = endpointEngineFor(view);
  if (!engine.served) return { served: false, why: engine.why };
  if (engine.engine === "llama.cpp") return { served: false, why: "the Hugging Face containers of SageMaker do not serve GGUF files" };
  if (engine.engine === "toolkit")
    return { served: false, why: "hub-snippets writes SageMaker code for TGI (text generation) and TEI (embeddings) only, so far" };
  if (view.task === "text-ranking") return { served: false, why: "TEI's reranking on SageMaker is not written yet" };
  const table = sagemakerTable();
  const serving = engine.engine === "vllm" ? "tgi" : "tei";
  const image = table.images.find((candidate) => candidate.engine === serving);
  if (image === undefined) throw new Error("data/deploy/sagemaker.json lacks an image");
  const region = options.region ?? defaultSagemakerRegion;
  if (image.registries[region] === undefined) {
    throw new UserError(`--region '${region}' has no ${image.label} image in SageMaker's table (one of: ${Object.keys(image.registries).join(", ")})`);
  }
  const rules = engineRules(serving);
  const all = table.instances.map(candidateOf);
  const choice = chooseMachine({
    label: "SageMaker",
    rules,
    demand: servedWeights(view, engine.engine, undefined).demand,
    groups: [all],
    all,
    named: options.instance,
    context: options.context,
  });
  if (!choice.fits) return { served: false, why: choice.why };
  const instance = choice.candidate.row;
  const notes = choice.notes.map((note) => `SageMaker: ${note}`);
  const why = `${image.label} on ${choice.candidate.describe} in ${region}`;
  return { served: true, image, instance, fit: choice.fit, rules, region, why, notes };
}

/** TGI's context, as the environment variables the container reads: the longest request, and the prompt one token less. */
export function contextEnvironment(decision: Extract<SagemakerDecision, { served: true }>): Record<string, string> {
  const context = decision.fit?.context;
  const [input, total] = decision.rules.context?.environment ?? [];
  if (context === undefined || !("tokens" in context) || input === undefined || total === undefined) return {};
  return { [input]: String(context.tokens - 1), [total]: String(context.tokens) };
}

/** The request body invoke_endpoint sends: a chat for TGI's chat models, the text otherwise. */
function requestBody(view: RecordView, image: SagemakerImage): Record<string, DataValue> {
  if (image.engine === "tgi" && view.kind !== undefined && view.kind.startsWith("conversational")) {
    const example = view.exampleFor("conversational");
    const messages = example?.shape === "chat" ? (example.messages as DataValue) : [{ role: "user", content: "Hi, what can you help me with?" }];
    return { messages, max_tokens: 512 };
  }
  const example = view.exampleFor(image.engine === "tgi" ? "text-generation" : "feature-extraction");
  const text = example?.shape === "text" ? example.text : "Today is a sunny day and I will get some ice cream.";
  return image.engine === "tgi" ? { inputs: text, parameters: { max_new_tokens: 100 } } : { inputs: text };
}

export function sagemakerPython(view: RecordView, decision: Extract<SagemakerDecision, { served: true }>, name: string): string {
  const { image, instance, region } = decision;
  const environment: Record<string, DataValue> = { HF_MODEL_ID: view.id };
  if (image.engine === "tgi") environment["SM_NUM_GPUS"] = String(instance.gpus);
  Object.assign(environment, contextEnvironment(decision));
  // TEI 1.8 reads HF_TOKEN alone, TGI 3's launcher HF_TOKEN and its router HUGGING_FACE_HUB_TOKEN: both are given.
  if (view.gated || view.private)
    Object.assign(environment, { HF_TOKEN: code('os.environ["HF_TOKEN"]'), HUGGING_FACE_HUB_TOKEN: code('os.environ["HF_TOKEN"]') });
  const account = image.registries[region] ?? "";
  const lines = [
    "import json",
    "import os",
    "",
    "import boto3",
    "",
    `region = ${pythonString(region)}`,
    `name = ${pythonString(name)}`,
    "# The IAM role SageMaker assumes to pull the image and write the logs",
    "# (AmazonSageMakerFullAccess, or narrower).",
    'role = os.environ["SAGEMAKER_ROLE_ARN"]',
    "",
    'sagemaker = boto3.client("sagemaker", region_name=region)',
    pythonCall("sagemaker.create_model(", [
      ["ModelName", code("name")],
      ["ExecutionRoleArn", code("role")],
      ["PrimaryContainer", { Image: imageUri(image, region, account), Environment: environment }],
    ]),
    pythonCall("sagemaker.create_endpoint_config(", [
      ["EndpointConfigName", code("name")],
      [
        "ProductionVariants",
        [
          {
            VariantName: "AllTraffic",
            ModelName: code("name"),
            InstanceType: instance.instanceType,
            InitialInstanceCount: 1,
            ContainerStartupHealthCheckTimeoutInSeconds: 900,
          },
        ],
      ],
    ]),
    "sagemaker.create_endpoint(EndpointName=name, EndpointConfigName=name)",
    "# The first start pulls the image and downloads the weights: it takes several minutes.",
    'sagemaker.get_waiter("endpoint_in_service").wait(EndpointName=name)',
    "",
    'runtime = boto3.client("sagemaker-runtime", region_name=region)',
    pythonAssignment("body =", requestBody(view, image)),
    pythonCall("response = runtime.invoke_endpoint(", [
      ["EndpointName", code("name")],
      ["ContentType", "application/json"],
      ["Body", code("json.dumps(body)")],
    ]),
    'print(json.loads(response["Body"].read()))',
    "",
    "# An endpoint is billed while it exists: delete it, its configuration and the model when you are done.",
    "sagemaker.delete_endpoint(EndpointName=name)",
    "sagemaker.delete_endpoint_config(EndpointConfigName=name)",
    "sagemaker.delete_model(ModelName=name)",
  ];
  return `${lines.join("\n")}\n`;
}
