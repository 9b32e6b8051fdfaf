import { languages, type Language } from "../code/languages.js";
import type { TemplateContext } from "../code/template-context.js";
import { fetchContext, huggingfaceJsContext, openaiJsContext } from "./javascript.js";
import { falClientContext, huggingfaceHubContext, openaiContext, requestsContext } from "./python.js";
import type { InferenceRequest } from "./request.js";
import { curlContext } from "./shell.js";
import { sdkGapsHit } from "./sdk-gaps.js";
import { installCommand } from "../code/install.js";
import { sdkGapsOf, type SdkGap } from "../catalogue/client-gaps.js";
import { inferenceKinds, inferenceTasks, type InferenceKind, type InferenceTaskSpec } from "../catalogue/inference-kinds.js";

/** One inference client: the one place it is registered. Its templates are `templates/<language>/<client>/<family>.jinja`. */
export interface ClientRow<L extends string = string, C extends string = string, F extends string = string> {
  language: L;
  client: C;
  /** The kinds it can write: a request of another kind never reaches its context. */
  kinds: ReadonlySet<InferenceKind>;
  /** A client of one provider's own API: it writes only direct calls of that provider, on the kinds the provider serves. */
  provider?: string;
  /**
   * It writes the HTTP request itself, so it needs a concrete route: with the router's automatic choice it posts
   * to the route of the provider chosen for it (chat excepted, whose router route takes the plain model id).
   */
  rawHttp?: boolean;
  /** Its templates, one per family. */
  families: readonly F[];
  /** Which family writes a request. */
  family(request: InferenceRequest): F;
  /**
   * The template context, or undefined when this client has no sensible snippet for the request: none where its
   * SDK has a `no-snippet` gap for the call.
   */
  context(request: InferenceRequest): TemplateContext | undefined;
  /** What its SDK version cannot do, by provider and kind, with the version each was read from (data/client-gaps.json). */
  gaps(): readonly SdkGap[];
  /** What its snippet needs installed (a shell command line); none for a client the runtime has (fetch, curl). */
  install?(request: InferenceRequest): string;
}

function kindsWhere(writes: (spec: InferenceTaskSpec) => boolean): ReadonlySet<InferenceKind> {
  return new Set(inferenceKinds.filter((kind) => writes(inferenceTasks[kind])));
}

/** A row as written in the table: its context function is handed the SDK gaps the request hits (see `row`). */
type ClientRowInput<L extends Language, C extends string, F extends string> = Omit<ClientRow<L, C, F>, "context" | "gaps"> & {
  context(request: InferenceRequest, gaps: readonly SdkGap[]): TemplateContext | undefined;
};

/**
 * A row of the table: its SDK gaps (data/client-gaps.json, keyed `<language>/<client>`) are asked once per request,
 * here: a `no-snippet` gap declines the call, the others reach the context function. A generic row keeps each
 * client's language and name literal types, and checks `family` against `families`.
 */
const row = <const L extends Language, const C extends string, const F extends string>(entry: ClientRowInput<L, C, F>): ClientRow<L, C, F> => {
  let gaps: readonly SdkGap[] | undefined;
  const gapsOfRow = () => (gaps ??= sdkGapsOf(entry.language, entry.client));
  const write = entry.context;
  return {
    ...entry,
    gaps: gapsOfRow,
    context: (request) => {
      const hit = sdkGapsHit(gapsOfRow(), request);
      return hit.some((gap) => gap.effect === "no-snippet") ? undefined : write(request, hit);
    },
  };
};

const allKinds = kindsWhere(() => true);
const chatKinds = kindsWhere((spec) => spec.request === "chat");
const wireFamilies = ["json", "file", "json-with-file", "chat", "multipart", "queue"] as const;
// Raw clients write what goes on the wire, which a provider's own API may shape differently from the task; a job
// that fal queues (or a task Novita starts) is posted, then followed to its media (one template, whether the body
// holds a file or not).
const byRequestShape = (request: InferenceRequest) => (request.call?.queue || request.call?.poll ? ("queue" as const) : request.wire.request);
const sdkFamily = (request: InferenceRequest) => (request.spec.request === "chat" ? ("chat" as const) : ("task" as const));

/**
 * Every client, in the order snippets are listed: Python first (the Hub's panel opens on it), and within a language
 * the SDK clients before raw HTTP, whose snippets run longest (a queued job is posted, then polled). A new client is
 * one row here and its template folder.
 */
export const clientTable = [
  row({
    language: "python",
    client: "huggingface_hub",
    kinds: kindsWhere((spec) => spec.pythonMethod !== undefined),
    families: ["chat", "task"],
    family: sdkFamily,
    context: huggingfaceHubContext,
    // A method whose answer is a numpy array or a PIL image needs that package too.
    install: (request) => installCommand("pip", ["huggingface-hub", ...(request.spec.pythonMethodNeeds ? [request.spec.pythonMethodNeeds] : [])]),
  }),
  row({
    language: "python",
    client: "openai",
    kinds: chatKinds,
    families: ["chat"],
    family: () => "chat",
    context: openaiContext,
    install: () => installCommand("pip", ["openai"]),
  }),
  // fal's queue serves its own routes, never chat; which kinds fal serves is the provider table's business.
  row({
    language: "python",
    client: "fal_client",
    provider: "fal-ai",
    kinds: kindsWhere((spec) => spec.request !== "chat"),
    families: ["queue"],
    family: () => "queue",
    context: falClientContext,
    install: () => installCommand("pip", ["fal-client"]),
  }),
  row({
    language: "python",
    client: "requests",
    rawHttp: true,
    kinds: allKinds,
    families: wireFamilies,
    family: byRequestShape,
    context: requestsContext,
    install: () => installCommand("pip", ["requests"]),
  }),
  row({
    language: "js",
    client: "huggingface.js",
    kinds: kindsWhere((spec) => spec.jsMethod !== undefined),
    families: ["chat", "task"],
    family: sdkFamily,
    context: huggingfaceJsContext,
    install: () => installCommand("npm", ["@huggingface/inference"]),
  }),
  row({
    language: "js",
    client: "openai",
    kinds: chatKinds,
    families: ["chat"],
    family: () => "chat",
    context: openaiJsContext,
    install: () => installCommand("npm", ["openai"]),
  }),
  row({ language: "js", client: "fetch", rawHttp: true, kinds: allKinds, families: wireFamilies, family: byRequestShape, context: fetchContext }),
  row({ language: "sh", client: "curl", rawHttp: true, kinds: allKinds, families: wireFamilies, family: byRequestShape, context: curlContext }),
] as const;

type Row = (typeof clientTable)[number];
export type Client<L extends Language = Language> = Extract<Row, { language: L }>["client"];

/** Every language and its clients, in table order. */
export const clientsByLanguage = groupByLanguage();

function groupByLanguage(): { readonly [L in Language]: readonly Client<L>[] } {
  const groups: Partial<Record<Language, Client[]>> = {};
  for (const { language, client } of clientTable) (groups[language] ??= []).push(client);
  return groups as { [L in Language]: Client<L>[] };
}

/**
 * Names people give the SDK clients (`--client hf`), lower-case, and the client each means in each language: a hint
 * by meaning where spelling would point elsewhere (`hf` is two edits from `pi`).
 */
const clientAliases: Readonly<Record<string, Partial<Record<Language, Client>>>> = {
  hf: { python: "huggingface_hub", js: "huggingface.js" },
  huggingface: { python: "huggingface_hub", js: "huggingface.js" },
  hub: { python: "huggingface_hub", js: "huggingface.js" },
  inference: { python: "huggingface_hub", js: "huggingface.js" },
  inferenceclient: { python: "huggingface_hub", js: "huggingface.js" },
  hf_hub: { python: "huggingface_hub" },
  "huggingface-hub": { python: "huggingface_hub" },
  hfjs: { js: "huggingface.js" },
  "hf.js": { js: "huggingface.js" },
  "huggingface-js": { js: "huggingface.js" },
  "@huggingface/inference": { js: "huggingface.js" },
  fal: { python: "fal_client" },
  "fal-client": { python: "fal_client" },
};

/** The clients a name means (for a hint), in the given language or any; empty for a name that is no alias. */
export function clientsMeantBy(name: string, language?: Language): string[] {
  const lower = name.toLowerCase();
  if (!Object.hasOwn(clientAliases, lower)) return [];
  const meant = clientAliases[lower] as Partial<Record<Language, Client>>;
  return Object.entries(meant)
    .filter(([of]) => language === undefined || of === language)
    .map(([, client]) => client as string);
}

/** Every client name once, in table order (`openai` is a client of two languages). */
export const clientNames: readonly string[] = [...new Set(clientTable.map((entry) => entry.client))];

/** The `--client` help: each language's clients. */
export function describeClients(): string {
  return languages.map((language) => `${clientsByLanguage[language].join(", ")} (${language})`).join("; ");
}
