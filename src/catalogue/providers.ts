import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";

/**
 * How a provider's own API wants the request body of a task (see `src/inference/provider-body.ts`);
 * `transcription` is a form upload (multipart/form-data), every other shape a JSON body.
 */
export const providerBodyShapes = [
  "completions",
  "chat-prompt",
  "embeddings",
  "images",
  "together-images",
  "together-video",
  "speech",
  "transcription",
  "fal",
  "replicate",
  "wavespeed",
  "prompt",
  "prompt-model",
  "zai-layout",
  "novita-minimax",
] as const;

export type ProviderBodyShape = (typeof providerBodyShapes)[number];

/** Where a provider serves one task: a path under its base URL (`{model}` is the provider's model id) and the body. */
export interface ProviderRoute {
  path: string;
  /**
   * The path of a model id that pins a version (`owner/name:<version>`, Replicate's): the version then travels in
   * the body, not in the path.
   */
  versionPath?: string;
  body: ProviderBodyShape;
  /** A base URL of its own for direct calls (fal's queue and synchronous hosts). */
  directBaseUrl?: string;
  /** A query string the router needs to reach that host. */
  routerQuery?: string;
  /** Headers the provider's API expects besides authorization and content type. */
  headers?: Record<string, string>;
  /**
   * `bytes`: the answer is the media itself; `b64_json`: JSON in OpenAI's images shape, the image as base64 text in
   * `data[0].b64_json`; otherwise JSON (which may link to the media).
   */
  response?: "bytes" | "b64_json";
  /** Set when the POST only starts a task (answering `{"task_id": …}`): how a raw client polls it to its media. */
  taskPolling?: ProviderTaskPolling;
}

/**
 * How a task is followed after the POST that starts it: GET `<base><resultPath><task id>` (the base is the router's
 * `/<provider>` or the provider's own host) until the answer's `task.status` is `succeeded` or one of `failed`, then
 * download the media the answer links at `mediaAt`; a failed answer's `task` gives the reason at `reasonAt`.
 */
export interface ProviderTaskPolling {
  /** The path up to the task id: a query (`…?task_id=`) or a path (`…/`, the id percent-encoded: `idInPath`). */
  resultPath: string;
  idInPath: boolean;
  succeeded: string;
  failed: readonly string[];
  /** What the task makes, and so the file the snippet saves. */
  media: "video";
  /** Where the finished answer links the media, as keys and indexes from its top. */
  mediaAt: readonly (string | number)[];
  /** Where a failed answer's `task` gives the reason. */
  reasonAt: readonly string[];
}

/** An inference provider: one row of data/providers.json is its whole registration. */
export interface Provider {
  id: string;
  label: string;
  /** The provider's organisation on the Hub. */
  hubOrg: string;
  /** Base URL of the provider's own API, for direct calls with its own key. */
  directBaseUrl: string;
  /** The Hub tasks it serves (`conversational` is chat, text or vision). */
  tasks: string[];
  /** Whether its chat API takes OpenAI's request shape (so the OpenAI clients can call it directly). */
  openaiCompatibleChat: boolean;
  /** The environment variable of its own key, as huggingface.js names it. */
  apiKeyEnv: string;
  /** The name the provider's own docs give that variable, where it differs (Replicate's REPLICATE_API_TOKEN, fal's FAL_KEY): read first. */
  docsKeyEnv?: string;
  /** The authorization scheme of direct calls, when not Bearer. */
  authScheme?: string;
  /** False when the router does not forward Hub tokens to it: only direct calls work. */
  routerAllowed?: boolean;
  /** Path of its chat completions API under the base URL. */
  chatPath?: string;
  /** Its route per non-chat task. */
  routes?: Record<string, ProviderRoute>;
}

/** Choices of `--provider` besides the table's rows: the router picks the provider. */
export const autoProvider = "auto";
export const defaultProvider = "hf-inference";

/**
 * The model libraries hf-inference runs: a record without a provider mapping is assumed served there only for
 * these (or no library). Kept beside `defaultProvider` rather than in data/providers.json so that a record without
 * a mapping, the common case of a plain model API answer, is decided without reading the provider table.
 */
export const hfInferenceLibraries: readonly string[] = ["transformers", "sentence-transformers", "diffusers", "timm"];

let table: readonly Provider[] | undefined;

function allProviders(): readonly Provider[] {
  table ??= readPackagedJson<Provider[]>(`${dataDir}providers.json`);
  return table;
}

/** Ids of every provider of the table, in table order. */
export function listProviderIds(): string[] {
  return allProviders().map((provider) => provider.id);
}

export function getProvider(id: string): Provider | undefined {
  return allProviders().find((provider) => provider.id === id);
}

/** The Hub task a provider lists for a pipeline or inference kind: chat kinds are `conversational`. */
export function providerTaskOf(task: string): string {
  return task === "conversational-vision" ? "conversational" : task;
}

export function servesTask(provider: Provider, task: string): boolean {
  return provider.tasks.includes(providerTaskOf(task));
}

export interface ProviderFilter {
  /** Keep the providers that serve this task (a pipeline tag, or `conversational`). */
  task?: string;
}

export function listProviders(filter: ProviderFilter = {}): Provider[] {
  return allProviders().filter((provider) => filter.task === undefined || servesTask(provider, filter.task));
}

/**
 * The `--provider` choices for an inference kind, default first: hf-inference where it serves the kind, `auto`,
 * then every other provider that serves it. The interactive browser offers these.
 */
export function providersForTask(kind: string): string[] {
  const others = listProviders({ task: kind }).map((provider) => provider.id);
  const hfInference = others.includes(defaultProvider) ? [defaultProvider] : [];
  return [...hfInference, autoProvider, ...others.filter((id) => id !== defaultProvider)];
}
