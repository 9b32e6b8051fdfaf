import { getProvider, listProviders, providerTaskOf, servesTask, type Provider, type ProviderRoute, type ProviderTaskPolling } from "../catalogue/providers.js";
import { ExitCode, UserError } from "../errors.js";
import type { ProviderMappingEntry } from "../model/provider-mapping.js";
import type { ProviderFacts } from "../model/view.js";
import type { Example } from "../model/examples.js";
import type { InferenceKind, RequestShape, ResponseShape } from "../catalogue/inference-kinds.js";

const router = "https://router.huggingface.co";

/**
 * How a raw client follows fal's queue after its POST: the answer is a receipt whose `response_url` names the job
 * (`<queue host>/<app>/requests/<id>`), on fal's own host even through the router. The client polls
 * `<base><job path>/status<query>` until COMPLETED, then gets `<base><job path><query>` (the result), which links
 * (or holds, as a `data:` URL) the media under `mediaKeys` — the `url` of the first key's value that is present.
 */
interface QueuePolling {
  /** The queue's base URL: the router's `/fal-ai`, or fal's queue host directly. */
  base: string;
  /** The router's query that reaches the queue host (`?_subdomain=queue`); "" directly. */
  query: string;
  /** The keys of the finished result, the first present one first, whose value (or its first item) holds the media's `url`. */
  mediaKeys: readonly ("images" | "image" | "video" | "audio" | "audio_file")[];
  /** What the media is, and so the file it is saved in. */
  media: "image" | "video" | "audio";
  /** The body asks for `sync_mode`: fal then puts the media in the result as a `data:` URL, not a link. */
  inline: boolean;
}

/**
 * How a raw client follows a task after its POST, which answers `{"task_id": …}`: the route's `taskPolling` (Novita's
 * video routes in data/providers.json) with its result URL on the host the POST went to (the router's `/<provider>`
 * or the provider's own, as @huggingface/inference polls).
 */
interface TaskPolling {
  /** The result URL up to the task id: a query (`…?task_id=`) or a path (`…/`, the id percent-encoded). */
  result: string;
  idInPath: boolean;
  succeeded: string;
  failed: readonly string[];
  /** Where the finished answer links the video, as keys and indexes from its top (the route's `mediaAt`). */
  videoAt: readonly (string | number)[];
  /** Where a failed answer's `task` gives the reason. */
  reasonAt: readonly string[];
}

function taskPollingOf(provider: Provider, polling: ProviderTaskPolling, direct: boolean): TaskPolling {
  const { resultPath, idInPath, succeeded, failed, mediaAt, reasonAt } = polling;
  return { result: `${direct ? provider.directBaseUrl : `${router}/${provider.id}`}${resultPath}`, idInPath, succeeded, failed, videoAt: mediaAt, reasonAt };
}

/** An adapter the mapping says the provider applies to its base model: LoRA weights in the model's Hub repository. */
export interface MappedAdapter {
  /** `lora`: the one kind the SDKs send. */
  kind: string;
  /** The Hub repository of the adapter (the record's id). */
  repo: string;
  /** Its weights file in that repository, when the mapping names one. */
  weightsPath: string | undefined;
}

/** The adapter a mapping entry names, if any. */
export function adapterOf(repo: string, entry: ProviderMappingEntry | undefined): MappedAdapter | undefined {
  return entry?.adapter !== undefined ? { kind: entry.adapter, repo, weightsPath: entry.adapterWeightsPath } : undefined;
}

/** How one named provider (other than hf-inference) is called for a request. */
export interface ProviderCall {
  provider: Provider;
  /** Through the provider's own API and key rather than the router. */
  direct: boolean;
  /** The provider's name for the model: from the record's mapping, else the Hub id. */
  modelId: string;
  /** False when the record has no mapping for this provider, so the Hub id stands in for the provider's own. */
  modelIdMapped: boolean;
  /** The mapping's adapter, which the body names where the provider's API takes one. */
  adapter: MappedAdapter | undefined;
  /** The version a model id pins (`owner/name:<version>`) on a route that posts versions apart (Replicate's). */
  version: string | undefined;
  /** The provider's route of a non-chat task. */
  route: ProviderRoute | undefined;
  /** Where a raw HTTP client posts; undefined when the table gives the task no route. */
  url: string | undefined;
  wire: { request: RequestShape; response: ResponseShape } | undefined;
  /** Set when the raw POST only queues the job (fal's queue routes): how to follow it to the result. */
  queue: QueuePolling | undefined;
  /** Set when the raw POST only starts a task (its route's `taskPolling`): how to poll it to the media. */
  poll: TaskPolling | undefined;
  /** Set when the JSON answer holds the image itself as base64 text (OpenAI's images shape): where, from its top. */
  encodedMediaAt: readonly (string | number)[] | undefined;
  /** `Authorization: <scheme> <key>`. */
  authScheme: string;
  headers: Record<string, string>;
}

/** A provider model id in a URL path: each segment percent-encoded, the slashes kept. */
function pathOfModel(modelId: string): string {
  return modelId
    .split("/")
    .map((segment) => encodeURIComponent(segment).replaceAll("%3A", ":"))
    .join("/");
}

function notServed(provider: string, kind: InferenceKind): UserError {
  const serving = listProviders({ task: kind }).map((row) => row.id);
  return new UserError(`provider '${provider}' does not serve ${providerTaskOf(kind)}; providers that do: ${serving.join(", ") || "none"}`, ExitCode.noMatch);
}

function rawWire(
  route: ProviderRoute | undefined,
  example: Example,
  kind: InferenceKind,
  queue: QueuePolling | undefined,
  poll: TaskPolling | undefined,
): ProviderCall["wire"] {
  if (!route) return undefined;
  // A transcription route takes a form upload; the others take JSON, the local file in it base64-encoded.
  const request: RequestShape = route.body === "transcription" ? "multipart" : "file" in example ? "json-with-file" : "json";
  // A queued job ends in media the snippet saves.
  if (queue) return { request, response: queue.media };
  if (poll && route.taskPolling) return { request, response: route.taskPolling.media };
  // OpenAI's images answer holds the image as base64 text: the snippet decodes and saves it.
  if (route.response === "b64_json") return { request, response: "image" };
  return { request, response: route.response === "bytes" ? (kind === "text-to-speech" ? "audio" : "image") : "json" };
}

/** Where OpenAI's images answer (`b64_json`) holds the image. */
const openaiImageAt = ["data", 0, "b64_json"] as const;

const falQueueQuery = "_subdomain=queue";

/** Where fal's finished result puts the media of a task, and what it is. */
function falMedia(kind: InferenceKind): Pick<QueuePolling, "mediaKeys" | "media" | "inline"> {
  switch (kind) {
    case "image-segmentation":
      return { mediaKeys: ["image"], media: "image", inline: true };
    case "text-to-video":
    case "image-to-video":
    case "image-text-to-video":
      return { mediaKeys: ["video"], media: "video", inline: false };
    case "audio-to-audio":
      return { mediaKeys: ["audio"], media: "audio", inline: false };
    case "text-to-audio":
      // As @huggingface/inference reads it: some models answer `audio_file`, others `audio`.
      return { mediaKeys: ["audio_file", "audio"], media: "audio", inline: false };
    default:
      return { mediaKeys: ["images"], media: "image", inline: false };
  }
}

/** The queue a raw client follows: fal's routes that the router reaches with `_subdomain=queue` (data/providers.json). */
function queueOf(provider: Provider, route: ProviderRoute | undefined, kind: InferenceKind, direct: boolean): QueuePolling | undefined {
  if (route?.body !== "fal" || route.routerQuery !== falQueueQuery) return undefined;
  const base = direct ? (route.directBaseUrl ?? provider.directBaseUrl) : `${router}/${provider.id}`;
  return { base, query: direct ? "" : `?${falQueueQuery}`, ...falMedia(kind) };
}

/**
 * The call of a named provider; undefined for hf-inference and auto, which the router's own routes serve.
 * A provider that does not serve the kind is a request that matches nothing (exit 1, naming those that do).
 */
export function resolveProvider(
  mapping: ProviderFacts,
  hubId: string,
  kind: InferenceKind,
  example: Example,
  id: string,
  direct: boolean,
): ProviderCall | undefined {
  // hf-inference and auto are the router's own routes: the default path never reads the provider table.
  if (id === "auto" || id === "hf-inference") return undefined;
  const provider = getProvider(id);
  if (!provider) throw new UserError(`unknown provider '${id}'`, ExitCode.noMatch);
  if (!servesTask(provider, kind)) throw notServed(id, kind);
  if (provider.routerAllowed === false && !direct) {
    throw new UserError(`provider '${id}' takes only its own key, not a Hub token: add --direct (key from ${provider.apiKeyEnv})`, ExitCode.noMatch);
  }
  const mapped = mapping.entryFor(id, providerTaskOf(kind));
  const modelId = mapped?.providerId ?? hubId;
  const isChat = example.shape === "chat";
  const route = isChat ? undefined : provider.routes?.[providerTaskOf(kind)];
  const version = route?.versionPath !== undefined && modelId.includes(":") ? modelId.slice(modelId.indexOf(":") + 1) : undefined;
  let url: string | undefined;
  if (isChat) url = direct ? `${provider.directBaseUrl}${provider.chatPath ?? "/v1/chat/completions"}` : `${router}/v1/chat/completions`;
  else if (route) {
    const path = version !== undefined && route.versionPath ? route.versionPath : route.path.replace("{model}", pathOfModel(modelId));
    url = direct ? `${route.directBaseUrl ?? provider.directBaseUrl}${path}` : `${router}/${id}${path}${route.routerQuery ? `?${route.routerQuery}` : ""}`;
  }
  const queue = route && url ? queueOf(provider, route, kind, direct) : undefined;
  const poll = route?.taskPolling && url ? taskPollingOf(provider, route.taskPolling, direct) : undefined;
  return {
    provider,
    direct,
    modelId,
    modelIdMapped: mapped !== undefined,
    adapter: adapterOf(hubId, mapped),
    version,
    route,
    url,
    wire: rawWire(route, example, kind, queue, poll),
    queue,
    poll,
    encodedMediaAt: route?.response === "b64_json" && url ? openaiImageAt : undefined,
    authScheme: direct ? (provider.authScheme ?? "Bearer") : "Bearer",
    headers: route?.headers ?? {},
  };
}
