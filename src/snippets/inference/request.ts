import { UserError } from "../../errors.js";
import type { ModelRecord } from "../../model/record.js";
import { exampleFor, type Example } from "./examples.js";
import { inferenceTasks, isInferenceKind, type InferenceKind, type InferenceTaskSpec } from "./tasks.js";

export const router = "https://router.huggingface.co";
export const providers = ["hf-inference", "auto"] as const;
export type Provider = (typeof providers)[number];

export interface InferenceSnippetOptions {
  /** Inference provider: `hf-inference` (default), or `auto` to let the router choose. */
  provider?: string;
  /** The streaming variant of chat-completion snippets. */
  stream?: boolean;
  /** Organisation billed for the requests (the `X-HF-Bill-To` header). */
  billTo?: string;
  /** Call this endpoint directly instead of the router. */
  endpointUrl?: string;
  /** Put this token in the code instead of reading it from the environment. */
  token?: string;
}

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

/** The inference kind of a model: its pipeline task, or chat for conversational text and vision models. */
export function inferenceKindOf(model: ModelRecord): InferenceKind | undefined {
  const conversational = model.tags.includes("conversational");
  if (model.pipeline_tag === "text-generation" && conversational) return "conversational";
  if (model.pipeline_tag === "image-text-to-text" && conversational) return "conversational-vision";
  return model.pipeline_tag !== undefined && isInferenceKind(model.pipeline_tag) ? model.pipeline_tag : undefined;
}

function checkProvider(provider: string): Provider {
  if ((providers as readonly string[]).includes(provider)) return provider as Provider;
  throw new UserError(`unknown provider '${provider}' (one of: ${providers.join(", ")})`);
}

function checkEndpointUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UserError(`--endpoint-url '${url}' is not a URL`);
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") {
    throw new UserError(`--endpoint-url '${url}' must be an http or https URL`);
  }
  return url.replace(/\/+$/, "");
}

/** Normalises a model and options into one request; undefined when the task has no example to send. */
export function buildInferenceRequest(model: ModelRecord, options: InferenceSnippetOptions = {}): InferenceRequest | undefined {
  const kind = inferenceKindOf(model);
  if (!kind) return undefined;
  const example = exampleFor(model, kind);
  if (!example) return undefined;
  const spec = inferenceTasks[kind];
  const requested = checkProvider(options.provider ?? "hf-inference");
  const endpointUrl = options.endpointUrl === undefined ? undefined : checkEndpointUrl(options.endpointUrl);
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
      options.token !== undefined
        ? { kind: "literal", value: options.token }
        : { kind: "env", variable: endpointUrl ? "API_TOKEN" : "HF_TOKEN" },
    billTo: options.billTo,
    endpointUrl,
    stream: options.stream === true && isChat,
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
