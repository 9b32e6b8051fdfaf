import type { ModelRecord } from "../../model/record.js";
import { exampleFor, type Example } from "./examples.js";
import { checkOptions, type InferenceSnippetOptions, type Provider } from "./options.js";
import { inferenceTasks, isInferenceKind, type InferenceKind, type InferenceTaskSpec } from "./tasks.js";

export const router = "https://router.huggingface.co";
export { providers, type Provider, type InferenceSnippetOptions } from "./options.js";
export type TokenSource = { kind: "env"; variable: string } | { kind: "literal"; value: string };

/** Everything a client needs to write a snippet: the one normalised description of the call. */
export interface InferenceRequest {
  kind: InferenceKind;
  spec: InferenceTaskSpec;
  modelId: string;
  provider: Provider;
  /** True when the task is not on hf-inference, so the snippet goes through the router's automatic choice. */
  providerForced: boolean;
  /** The URL a raw HTTP client posts to; undefined when only the SDKs can make this call. */
  url: string | undefined;
  /** The `model` field of a chat request. */
  chatModel: string;
  token: TokenSource;
  billTo: string | undefined;
  endpointUrl: string | undefined;
  stream: boolean;
  example: Example;
}

export const noExampleMessage = "No input example has been defined for this model task.";

/**
 * Pipelines the Hub serves only as chat, whatever the model's tags say: a vision-language model answers chat
 * completions and nothing else.
 */
const chatOnlyPipelines: Readonly<Record<string, InferenceKind>> = { "image-text-to-text": "conversational-vision" };

/** The inference kind of a model: its pipeline task, or chat for conversational text models and chat-only pipelines. */
export function inferenceKindOf(model: ModelRecord): InferenceKind | undefined {
  if (model.pipeline_tag !== undefined && Object.hasOwn(chatOnlyPipelines, model.pipeline_tag)) return chatOnlyPipelines[model.pipeline_tag];
  if (model.pipeline_tag === "text-generation" && model.tags.includes("conversational")) return "conversational";
  return model.pipeline_tag !== undefined && isInferenceKind(model.pipeline_tag) ? model.pipeline_tag : undefined;
}

/** Normalises a model and options into one request; undefined when the task has no example to send. */
export function buildInferenceRequest(model: ModelRecord, options: InferenceSnippetOptions = {}): InferenceRequest | undefined {
  const kind = inferenceKindOf(model);
  if (!kind) return undefined;
  const example = exampleFor(model, kind);
  if (!example) return undefined;
  const spec = inferenceTasks[kind];
  const checked = checkOptions(options);
  const requested = checked.provider;
  const endpointUrl = checked.endpointUrl;
  const providerForced = !spec.onHfInference && requested === "hf-inference" && !endpointUrl;
  const provider: Provider = providerForced ? "auto" : requested;
  const isChat = spec.request === "chat";

  let url: string | undefined;
  if (endpointUrl) url = isChat ? `${endpointUrl}/v1/chat/completions` : endpointUrl;
  else if (isChat) url = `${router}/v1/chat/completions`;
  else if (provider === "hf-inference") {
    url = `${router}/hf-inference/models/${model.id}${spec.pipelineRoute ? `/pipeline/${kind}` : ""}`;
  }

  return {
    kind,
    spec,
    modelId: model.id,
    provider,
    providerForced,
    url,
    chatModel: provider === "auto" || endpointUrl ? model.id : `${model.id}:${provider}`,
    token:
      checked.token !== undefined
        ? { kind: "literal", value: checked.token }
        : { kind: "env", variable: endpointUrl ? "API_TOKEN" : "HF_TOKEN" },
    billTo: checked.billTo,
    endpointUrl,
    stream: checked.stream && isChat,
    example,
  };
}

/**
 * Whether the Hub SDKs can make this call: with an endpoint URL they treat the endpoint as hf-inference,
 * which has no method for the tasks only other providers serve.
 */
export function sdkCanCall(request: InferenceRequest): boolean {
  return !(request.endpointUrl && !request.spec.onHfInference);
}
