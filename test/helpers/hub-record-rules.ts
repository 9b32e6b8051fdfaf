import { getProvider, listProviderIds, providerTaskOf, servesTask } from "../../src/catalogue/providers.js";
import { providerMappingOf, type ProviderMappingEntry } from "../../src/model/provider-mapping.js";
import type { ModelRecord } from "../../src/model/record.js";
import { siblingFiles } from "../../src/model/siblings.js";
import { inferenceKindOf, isChatModel } from "../../src/inference/request.js";
import { hasLibraryRecipe } from "../../src/libraries/recipe-keys.js";
import { appsForModel } from "./record-twins.js";

/*
 * The rules that decide a record's default snippets, written once more, plainly, so that the hand-written
 * expectations of test/fixtures/hub-records/ can be checked against them (and a slip in either shows).
 */

/** What a record's default answer holds, as expectations.json writes it. */
export interface DerivedAnswer {
  exit: 0 | 1;
  kinds: string[];
  task: string | null;
  providers: { sdk: string | null; raw: string | null; rawModelId: string | null };
  library: string | null;
  stderr: string[];
  never: string[];
}

export const noMappingNote = "lists no inference providers";

/** The libraries hf-inference runs: a record without a mapping is assumed served there only with one of these (or none). */
export const hfInferenceLibraries: readonly string[] = ["transformers", "sentence-transformers", "diffusers", "timm"];

const known = new Set(listProviderIds());
const usable = (entry: ProviderMappingEntry) => entry.status === "live" && known.has(entry.provider);
/** For chat the router picks the provider itself: any live entry serves, known to our table or not (issue 32, 6). */
const servesChat = (entry: ProviderMappingEntry) => entry.status === "live" && (entry.task === undefined || entry.task === "conversational");

/** The note of a private record without a mapping: no shared provider serves it, a dedicated endpoint does (issue 32, 7). */
export const privateNote = "--endpoint-url";

export function isGgufRepository(model: ModelRecord): boolean {
  return model.library_name === "gguf" || model.tags.includes("gguf") || siblingFiles(model).some((file) => file.toLowerCase().endsWith(".gguf"));
}

const isPrivate = (model: ModelRecord) => model["private"] === true;

const isLocalOnly = (model: ModelRecord) => isGgufRepository(model) || model.library_name === "mlx";

/** The record with a missing pipeline_tag taken from its first live entry (`conversational` is chat). */
export function withMappedTask(model: ModelRecord): ModelRecord {
  if (model.pipeline_tag !== undefined) return model;
  const task = providerMappingOf(model).find((entry) => entry.status === "live" && entry.task !== undefined)?.task;
  if (task === undefined) return model;
  return task === "conversational" ? { ...model, pipeline_tag: "text-generation", tags: [...model.tags, "conversational"] } : { ...model, pipeline_tag: task };
}

function hfInferenceAssumed(model: ModelRecord, task: string): boolean {
  if (isLocalOnly(model)) return false;
  const library = model.library_name;
  if (library !== undefined && !hfInferenceLibraries.includes(library)) return false;
  const hfInference = getProvider("hf-inference");
  return hfInference !== undefined && servesTask(hfInference, task);
}

function inferenceOf(model: ModelRecord): Pick<DerivedAnswer, "task" | "providers"> {
  const none = { task: null, providers: { sdk: null, raw: null, rawModelId: null } };
  const kind = inferenceKindOf(model);
  if (kind === undefined) return none;
  const chat = isChatModel(model);
  if (model.inferenceProviderMapping === undefined) {
    // No shared provider serves a private model.
    if (isPrivate(model) || !hfInferenceAssumed(model, kind)) return none;
    return { task: kind, providers: { sdk: "hf-inference", raw: chat ? "router-chat" : "hf-inference", rawModelId: chat ? null : model.id } };
  }
  // A GGUF or MLX repository runs locally: no router code, whatever the mapping says (issue 32, 7).
  if (isLocalOnly(model)) return none;
  if (chat) return providerMappingOf(model).some(servesChat) ? { task: kind, providers: { sdk: "auto", raw: "router-chat", rawModelId: null } } : none;
  const task = providerTaskOf(kind);
  const forTask = (entry: ProviderMappingEntry) => entry.task === undefined || entry.task === task;
  const serving = providerMappingOf(model).filter((entry) => usable(entry) && forTask(entry));
  const first = serving[0];
  if (first === undefined) return none;
  // The SDKs resolve auto to the mapping's first entry, whatever its status: where that is not the first live
  // provider, the code names the provider instead.
  const sdk = providerMappingOf(model)[0]?.provider === first.provider ? "auto" : first.provider;
  return { task: kind, providers: { sdk, raw: first.provider, rawModelId: rawModelIdOf(first) } };
}

/** What the raw call names: a versioned Replicate id (`owner/name:hash`) is posted as `{"version": hash}` (issue 32, 2). */
function rawModelIdOf(entry: ProviderMappingEntry): string {
  return entry.provider === "replicate" && entry.providerId.includes(":") ? entry.providerId.slice(entry.providerId.indexOf(":") + 1) : entry.providerId;
}

/**
 * The apps a record is offered: the catalogue's formats (data/apps.json), which follow the Hub's own rules
 * (apps-differential.test.ts holds them to @huggingface/tasks): no image app for a video model, no TGI without its tag.
 */
export function appsOffered(model: ModelRecord): string[] {
  return appsForModel(model).map((app) => app.key);
}

/** Weights of another format than GGUF: a repository with none is loaded as GGUF whatever its card's transformers says. */
const otherWeights = /\.(safetensors|bin|pt|pth|ckpt|h5|msgpack|onnx)$/i;

function libraryOf(model: ModelRecord): string | null {
  const key = model.library_name;
  if (key === "gguf" || (key === undefined && isGgufRepository(model))) return "llama-cpp-python";
  const files = siblingFiles(model);
  const ggufOnly = files.some((file) => /\.gguf$/i.test(file) && !/(^|\/)mmproj[^/]*$/i.test(file)) && !files.some((file) => otherWeights.test(file));
  if (key === "transformers" && ggufOnly) return "llama-cpp-python";
  return hasLibraryRecipe(key) ? key : null;
}

/** Whether a chat answer goes through the router only to live providers the table does not know (a note says so). */
function onlyUnknownLive(entries: ProviderMappingEntry[], model: ModelRecord): boolean {
  return isChatModel(model) && !entries.some(usable) && entries.some((entry) => entry.status === "live" && !known.has(entry.provider));
}

/** The default answer the rules give a record. */
export function deriveAnswer(record: ModelRecord): DerivedAnswer {
  const model = withMappedTask(record);
  const inference = inferenceOf(model);
  const library = libraryOf(model);
  const hasApp = appsOffered(model).length > 0;
  const kinds = [inference.task !== null && "inference", library !== null && "library", hasApp && "app"].filter((kind): kind is string => kind !== false);
  const entries = providerMappingOf(model);
  const never = entries.filter((entry) => !usable(entry)).map((entry) => entry.provider);
  const hfInferenceUsed = entries.some((entry) => entry.provider === "hf-inference" && usable(entry)) || inference.providers.sdk === "hf-inference";
  if (!hfInferenceUsed && !never.includes("hf-inference")) never.push("hf-inference");
  const unmapped = record.inferenceProviderMapping === undefined && !isLocalOnly(model) && inferenceKindOf(model) !== undefined;
  const stderr = [
    ...(unmapped && !isPrivate(model) ? [noMappingNote] : []),
    ...(unmapped && isPrivate(model) ? [privateNote] : []),
    ...(inference.task !== null && onlyUnknownLive(entries, model) ? ["not known to this tool"] : []),
  ];
  return { exit: kinds.length > 0 ? 0 : 1, kinds, ...inference, library, stderr, never };
}
