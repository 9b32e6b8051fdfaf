import { partCount } from "../model/gguf.js";
import type { GgufQuantFiles } from "../model/gguf-quants.js";

/*
 * What each consumer of a GGUF repository can load: the library code (llama-cpp-python, here) and every app that
 * names a quantization (the `gguf` rule of its row in apps/registry.ts). One quantization is chosen per consumer by one
 * rule (gguf-choice.ts: Q4_K_M, else the nearest smaller; with --memory the biggest that fits), among those it loads.
 */

/**
 * How a consumer takes a quantization split in parts ("…-00001-of-00003.gguf"): it fetches every part itself
 * (`parts`), the snippet downloads and merges them first (`merge`), or it cannot take one (`single-file`).
 */
type SplitRule = "parts" | "merge" | "single-file";

/**
 * Whether the consumer fetches the repository's vision projector (mmproj) beside the model, or loads the text model
 * only; `not-verified` where this tool has not read it in the consumer's own documentation or source.
 */
type ProjectorRule = "fetched" | "text-only" | "not-verified";

export interface GgufLoader {
  split: SplitRule;
  mmproj: ProjectorRule;
  /** Where the rule comes from. */
  why: string;
}

/** llama.cpp's server and the agents that start it: every part and the projector, fetched by -hf. */
export const llamaServerLoader: GgufLoader = {
  split: "parts",
  mmproj: "fetched",
  why: "llama.cpp's -hf <id>:<tag> downloads every part of a split file and the repository's mmproj (common/arg.cpp, common/download.cpp)",
};

/** The library's rule (llama-cpp-python); each app's rule is in its row of apps/registry.ts. */
export const llamaCppPythonLoader: GgufLoader = {
  split: "parts",
  mmproj: "text-only",
  why: "Llama.from_pretrained downloads the other parts given as additional_files beside filename, and llama.cpp loads them from the first part; a projector needs a chat_handler the code does not write",
};

/** The rule of a consumer that names no quantization: every quantization. */
export const anyQuantization: GgufLoader = { split: "parts", mmproj: "not-verified", why: "it names no quantization" };

/** Whether the consumer can load this quantization: a single-file consumer only one of a single file. */
export const loads = (loader: GgufLoader, quant: GgufQuantFiles): boolean => loader.split !== "single-file" || partCount(quant.files) === 1;

/**
 * Whether the consumer runs any of a GGUF repository's quantizations (read only for a consumer of single files):
 * false when every labelled quantization is split in parts. A repository with no labelled quantization does not say.
 */
export function runsAnyQuant(loader: GgufLoader, quants: () => readonly GgufQuantFiles[]): boolean {
  if (loader.split !== "single-file") return true;
  const all = quants();
  return all.length === 0 || all.some((quant) => loads(loader, quant));
}
