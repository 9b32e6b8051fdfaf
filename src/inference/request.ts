import { providerTaskOf } from "../catalogue/providers.js";
import type { ModelRecord } from "../model/record.js";
import type { RecordView } from "../model/view.js";
import { exampleFor, type Example } from "../model/examples.js";
import type { CheckedOptions } from "./options.js";
import type { ResponseFormat } from "./structured-output.js";
import type { ToolDefinition } from "./tools.js";
import { adapterOf, resolveProvider, type MappedAdapter, type ProviderCall } from "./provider-call.js";
import { inferenceKindOf } from "../model/inference-kind.js";
import { inferenceTasks, type InferenceKind, type InferenceTaskSpec, type RequestShape, type ResponseShape } from "../catalogue/inference-kinds.js";

export const router = "https://router.huggingface.co";
export { type InferenceSnippetOptions } from "./options.js";
export { inferenceKindOf } from "../model/inference-kind.js";
/** Where the key comes from: a variable (`first`, when set, read before it: the name a provider's docs use), or the text given. */
type TokenSource = { kind: "env"; variable: string; first?: string } | { kind: "literal"; value: string };

/** Everything a client needs to write a snippet: the one normalised description of the call. */
export interface InferenceRequest {
  kind: InferenceKind;
  spec: InferenceTaskSpec;
  modelId: string;
  /** The provider id, or `auto`. */
  provider: string;
  /**
   * The provider that answers: `provider`, or with `auto` the route provider the record's mapping leads the SDKs
   * to (their provider-specific needs, such as keeping Node alive while they poll, follow it); `auto` when unknown.
   */
  answeringProvider: string;
  /** The adapter (a LoRA) the mapping names on the answering provider: the SDKs read it from the Hub themselves. */
  adapter: MappedAdapter | undefined;
  /** True when the task is not on hf-inference, so the snippet goes through the router's automatic choice. */
  providerForced: boolean;
  /** How the provider is reached and names the model (undefined for hf-inference and auto). */
  call: ProviderCall | undefined;
  /** The URL a raw HTTP client posts to; undefined when only the SDKs can make this call. */
  url: string | undefined;
  /** What a raw HTTP client sends and gets back: the provider's own API may differ from the task's usual shape. */
  wire: { request: RequestShape; response: ResponseShape };
  /** The `model` field of a chat request. */
  chatModel: string;
  token: TokenSource;
  billTo: string | undefined;
  endpointUrl: string | undefined;
  stream: boolean;
  example: Example;
  /** A chat's structured output (`response_format`): the code sends it and parses the answer as JSON. */
  responseFormat: ResponseFormat | undefined;
  /** A chat's tool definitions (`tools`): the code reads the tool calls of the answer. */
  tools: ToolDefinition[] | undefined;
}

export const noExampleMessage = "No input example has been defined for this model task.";

/**
 * Pipelines whose example models are chat models: a model known only by its id and task (an example model of
 * the catalogue) is taken as conversational, so that its snippets are chat completions.
 */
export const chatModelPipelines: ReadonlySet<string> = new Set(["text-generation", "image-text-to-text"]);

/** Whether a model's snippets are chat completions (and so have a streaming variant). */
export function isChatModel(model: ModelRecord): boolean {
  const kind = inferenceKindOf(model);
  return kind !== undefined && inferenceTasks[kind].request === "chat";
}

/**
 * Whether a model of the task gets an inference call when nothing but its task is known (the browser's catalogue
 * models, which have no record): the task's inference kind, chat for the pipelines of chat models, has an input
 * example of its own (what buildInferenceRequest answers for a record of the id and task alone).
 */
export function taskGetsInference(task: string): boolean {
  const known = { id: "", pipeline_tag: task, tags: chatModelPipelines.has(task) ? ["conversational"] : [] };
  const kind = inferenceKindOf(known);
  return kind !== undefined && exampleFor(known, kind) !== undefined;
}

/**
 * The kind of a call to a named provider. A text model may be served as chat (`conversational`) by one provider and
 * as completion (`text-generation`) by another, whatever the record's tags say: the provider's own mapping entry
 * decides, as it does for the SDKs (which refuse a call whose task is not the entry's).
 */
function kindServedBy(view: RecordView, kind: InferenceKind, provider: string): InferenceKind {
  if (kind !== "conversational" && kind !== "text-generation") return kind;
  const tasks = view.providers.entries.filter((entry) => entry.provider === provider).map((entry) => entry.task);
  if (tasks.length === 0 || tasks.includes(kind)) return kind;
  const other = kind === "conversational" ? "text-generation" : "conversational";
  return tasks.includes(other) ? other : kind;
}

/** The URL of a raw HTTP client: an endpoint, the router's chat route, hf-inference's model route, or the provider's. */
function rawUrl(
  modelId: string,
  kind: InferenceKind,
  spec: InferenceTaskSpec,
  provider: string,
  call: ProviderCall | undefined,
  endpointUrl: string | undefined,
): string | undefined {
  const isChat = spec.request === "chat";
  if (endpointUrl) return isChat ? `${endpointUrl}/v1/chat/completions` : endpointUrl;
  if (call) return call.url;
  if (isChat) return `${router}/v1/chat/completions`;
  if (provider === "hf-inference") return `${router}/hf-inference/models/${modelId}${spec.pipelineRoute ? `/pipeline/${kind}` : ""}`;
  return undefined;
}

/** What a request is written with: the checked options, and the router's suffix the provider choice may add. */
export interface RequestOptions extends CheckedOptions {
  /**
   * A provider the table does not know that the router reaches for chat by the model's name: the code names the
   * model `<id>:<provider>`.
   */
  routerSuffix?: string | undefined;
}

/**
 * buildInferenceRequest, for a record already read into its view and the inference kind of the call: the view's
 * mapping says how providers name the model, its example what the call sends.
 */
export function requestFor(view: RecordView, recordKind: InferenceKind, options: RequestOptions): InferenceRequest | undefined {
  const kind = kindServedBy(view, recordKind, options.provider);
  const example = view.exampleFor(kind);
  if (!example) return undefined;
  // A policy, as a provider the table does not know, is the router's suffix of the model's name (chat only).
  const suffix = options.routerSuffix ?? options.policy;
  const modelId = suffix === undefined ? view.id : `${view.id}:${suffix}`;
  const spec = inferenceTasks[kind];
  const endpointUrl = options.endpointUrl;
  const providerForced = !spec.onHfInference && options.provider === "hf-inference" && !endpointUrl;
  const provider = providerForced ? "auto" : options.provider;
  const call = endpointUrl ? undefined : resolveProvider(view.providers, modelId, kind, example, provider, options.direct);
  const isChat = spec.request === "chat";

  let chatModel = modelId;
  if (call?.direct) chatModel = call.modelId;
  else if (provider !== "auto" && !endpointUrl) chatModel = `${modelId}:${provider}`;

  let tokenVariable = "HF_TOKEN";
  let firstVariable: string | undefined;
  if (endpointUrl) tokenVariable = "API_TOKEN";
  else if (call?.direct) {
    tokenVariable = call.provider.apiKeyEnv;
    firstVariable = call.provider.docsKeyEnv;
  }

  const answeringProvider = provider === "auto" ? (options.routeProvider ?? provider) : provider;
  return {
    kind,
    spec,
    modelId,
    provider,
    answeringProvider,
    adapter: call?.adapter ?? adapterOf(modelId, view.providers.entryFor(answeringProvider, providerTaskOf(kind))),
    providerForced,
    call,
    url: rawUrl(modelId, kind, spec, provider, call, endpointUrl),
    wire: call?.wire ?? { request: spec.request, response: spec.response },
    chatModel,
    // Literals, not a spread of the optional field: every request is built here, and a spread takes V8's slow path.
    token:
      options.token !== undefined
        ? { kind: "literal", value: options.token }
        : firstVariable === undefined
          ? { kind: "env", variable: tokenVariable }
          : { kind: "env", variable: tokenVariable, first: firstVariable },
    billTo: options.billTo,
    endpointUrl,
    stream: options.stream && isChat,
    example,
    responseFormat: isChat ? options.responseFormat : undefined,
    tools: isChat ? options.tools : undefined,
  };
}

/**
 * Whether the Hub SDKs can make this call: with an endpoint URL they treat the endpoint as hf-inference,
 * which has no method for the tasks only other providers serve.
 */
export function sdkCanCall(request: InferenceRequest): boolean {
  return !(request.endpointUrl && !request.spec.onHfInference);
}
