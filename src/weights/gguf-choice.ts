import { nearestQuant } from "../catalogue/quant.js";
import { isSplitPart, partCount } from "../model/gguf.js";
import type { GgufQuantFiles } from "../model/gguf-quants.js";
import type { RecordView } from "../model/view.js";
import { llamaServerLoader, loads, type GgufLoader } from "./gguf-loaders.js";
import { pickForMemory, type MemoryFit, type SizedRepository } from "./memory-fit.js";

/**
 * A record's repository as an app's choice reads it: with the vision projector llama.cpp's `-hf` fetches beside each
 * model file, which the fit counts for a consumer that fetches one. (A dedicated endpoint's llama.cpp loads the file
 * it is given, without a projector: its choice reads the repository without it.)
 */
export const appRepositoryOf = (view: RecordView): SizedRepository => ({
  id: view.id,
  parameters: view.gguf.parameters,
  projectorFor: (file) => view.gguf.projectorFor(file),
});

/** The quantization a local app uses by default: a good balance of size and quality. */
export const defaultQuant = "Q4_K_M";

export interface GgufChoice {
  /** The label to run (as in `<id>:<label>`), or undefined when no file name carries one. */
  chosen: string | undefined;
  /** The one file of that quantization, when it is not split into parts. */
  file: string | undefined;
  /** The file to name when an app wants one path: the file, or the first part of a split file. */
  firstFile: string | undefined;
  /** The chosen quantization's files: its one file, or every part of its split file, in path order. */
  files: string[];
  /** How many files the chosen quantization is split into (1 when it is not). */
  parts: number;
  /** The other labels the repository offers, biggest first, each once. */
  others: string[];
  /**
   * The first file of each other quantization that `<id>:<label>` also matches (the same label in another folder or
   * in a fine-tune's file; BF16 for F16): an app given the tag may load any of them, so the snippet says so.
   */
  alsoMatched: string[];
  /** Why the choice fits the memory given (only with `memory`). */
  fit: MemoryFit | undefined;
  /** The labels left out because the consumer cannot load them (split files, for a consumer of single files), biggest first. */
  unloadable: string[];
}

export interface GgufChoiceOptions {
  /** Bytes of memory to fit: the biggest quantization whose file plus a margin for the context fits (see memory-fit.ts). */
  memory?: number;
  /** What the consumer can load (gguf-loaders.ts): the choice is made among those only. llama.cpp's by default. */
  loader?: GgufLoader;
}

const firstOf = (files: readonly string[]) => [...files].sort()[0];

/**
 * Whether `<id>:<tag>` can load this file: llama.cpp takes the first model file whose path holds the tag followed by
 * `.` or `-`, in any case (common/download.cpp, find_best_model), so `F16` also finds `m-BF16.gguf`.
 */
export const tagMatches = (tag: string, path: string): boolean => new RegExp(`${tag.replace(/[^A-Za-z0-9_-]/g, "\\$&")}[.-]`, "i").test(path);

/**
 * The quantization to run by default: Q4_K_M when present, else the biggest one smaller than it, else the smallest.
 * Of two files with that label, the one with the shorter path: the plainest name is the repository's main model
 * (a fine-tune's file or a folder adds words to it).
 */
function defaultChoice(quants: readonly GgufQuantFiles[]): GgufQuantFiles | undefined {
  const labels = quants.map((quant) => quant.label);
  const label = labels.includes(defaultQuant) ? defaultQuant : (nearestQuant(defaultQuant, labels) ?? labels.at(-1));
  const pathLength = (quant: GgufQuantFiles) => (firstOf(quant.files) ?? "").length;
  return quants.filter((quant) => quant.label === label).sort((a, b) => pathLength(a) - pathLength(b))[0];
}

/** chooseGgufQuant, among a repository's quantizations already read (a record's view holds them). */
export function chooseAmongQuants(repository: SizedRepository, quants: readonly GgufQuantFiles[], options: GgufChoiceOptions = {}): GgufChoice {
  const none = { chosen: undefined, file: undefined, firstFile: undefined, files: [], parts: 0, alsoMatched: [], fit: undefined };
  // No quantized file (any model but a GGUF repository): nothing to choose, and no need to read the quant table.
  if (quants.length === 0) return { ...none, others: [], unloadable: [] };
  const loader = options.loader ?? llamaServerLoader;
  const loadable = quants.filter((candidate) => loads(loader, candidate));
  const unloadable = [...new Set(quants.filter((candidate) => !loads(loader, candidate)).map((candidate) => candidate.label))];
  // Every quantization is one the consumer cannot load: nothing to run there, which the snippet says.
  if (loadable.length === 0) return { ...none, others: [], unloadable };
  let quant: GgufQuantFiles | undefined;
  let fit: MemoryFit | undefined;
  const what = unloadable.length > 0 ? "single-file quantization" : "quantization";
  // The projector counts only for a consumer that fetches it beside the weights.
  const sized = loader.mmproj === "fetched" ? repository : { id: repository.id, parameters: repository.parameters };
  if (options.memory !== undefined) ({ quant, fit } = pickForMemory(sized, loadable, options.memory, what));
  else quant = defaultChoice(loadable);
  const chosen = quant?.label;
  const files = quant?.files ?? [];
  const otherFiles = quants.filter((other) => other !== quant).flatMap((other) => firstOf(other.files) ?? []);
  return {
    chosen,
    file: files.length === 1 && !isSplitPart(files[0] ?? "") ? files[0] : undefined,
    firstFile: firstOf(files),
    files: [...files].sort(),
    parts: partCount(files),
    others: [...new Set(loadable.map((other) => other.label))].filter((label) => label !== chosen),
    alsoMatched: chosen ? otherFiles.filter((file) => tagMatches(chosen, file)) : [],
    fit,
    unloadable: unloadable.filter((label) => label !== chosen),
  };
}
