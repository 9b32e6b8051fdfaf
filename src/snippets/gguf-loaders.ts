import { partCount } from "../model/gguf.js";
import type { GgufQuantFiles } from "../model/gguf-quants.js";

/*
 * What each consumer of a GGUF repository can load: the library code (llama-cpp-python) and every app that names a
 * quantization. One quantization is chosen per consumer by one rule (gguf-choice.ts: Q4_K_M, else the nearest
 * smaller; with --memory the biggest that fits), among the quantizations its row says it loads.
 */

/**
 * How a consumer takes a quantization split in parts ("…-00001-of-00003.gguf"): it fetches every part itself
 * (`parts`), the snippet downloads and merges them first (`merge`), or it cannot take one (`single-file`).
 */
export type SplitRule = "parts" | "merge" | "single-file";

/**
 * Whether the consumer fetches the repository's vision projector (mmproj) beside the model, or loads the text model
 * only; `not-verified` where this tool has not read it in the consumer's own documentation or source.
 */
export type ProjectorRule = "fetched" | "text-only" | "not-verified";

export interface GgufLoader {
  split: SplitRule;
  mmproj: ProjectorRule;
  /** Where the rule comes from. */
  why: string;
}

const llamaServer: GgufLoader = {
  split: "parts",
  mmproj: "fetched",
  why: "llama.cpp's -hf <id>:<tag> downloads every part of a split file and the repository's mmproj (common/arg.cpp, common/download.cpp)",
};

/** Every consumer that is given a quantization, by its key (an app's key, or the library's). */
export const ggufLoaders = {
  "llama-cpp-python": {
    split: "parts",
    mmproj: "text-only",
    why: "Llama.from_pretrained downloads the other parts given as additional_files beside filename, and llama.cpp loads them from the first part; a projector needs a chat_handler the code does not write",
  },
  "llama.cpp": llamaServer,
  ollama: {
    split: "single-file",
    mmproj: "not-verified",
    why: 'the Hub refuses a split tag to Ollama ("The specified tag is a sharded GGUF. Ollama does not support this yet", ollama/ollama#5245)',
  },
  "docker-model-runner": { split: "parts", mmproj: "not-verified", why: "Docker Model Runner pulls and runs GGUF shards (docker/model-runner#133)" },
  "node-llama-cpp": { split: "parts", mmproj: "not-verified", why: "node-llama-cpp given the hf: URI of the first part downloads the others" },
  localai: {
    split: "parts",
    mmproj: "not-verified",
    why: "LocalAI is given the first part, as before this table (not verified here that it fetches the others)",
  },
  lemonade: { split: "parts", mmproj: "not-verified", why: "lemonade pull <id>:<quant> takes the quantization's files, as before this table" },
  lmstudio: { split: "parts", mmproj: "not-verified", why: "LM Studio loads split files; its link names a file only for a single-file quantization" },
  unsloth: { split: "parts", mmproj: "not-verified", why: "Unsloth Desktop's link is LM Studio's shape: it names a file only for a single-file quantization" },
  vllm: { split: "merge", mmproj: "not-verified", why: "vLLM loads one GGUF file: the snippet merges the parts with llama-gguf-split first" },
  pi: llamaServer,
  "hermes-agent": llamaServer,
  openclaw: llamaServer,
} as const satisfies Record<string, GgufLoader>;

/** The rule of a consumer the table does not list (an app that names no quantization): every quantization. */
const anyQuantization: GgufLoader = { split: "parts", mmproj: "not-verified", why: "it names no quantization" };

/** A consumer's row. */
export function ggufLoaderOf(consumer: string): GgufLoader {
  return Object.hasOwn(ggufLoaders, consumer) ? ggufLoaders[consumer as keyof typeof ggufLoaders] : anyQuantization;
}

/** Whether the consumer can load this quantization: a single-file consumer only one of a single file. */
export const loads = (loader: GgufLoader, quant: GgufQuantFiles): boolean => loader.split !== "single-file" || partCount(quant.files) === 1;

/**
 * Whether the consumer runs any of a GGUF repository's quantizations (read only for a consumer of single files):
 * false when every labelled quantization is split in parts. A repository with no labelled quantization does not say.
 */
export function runsAnyQuant(consumer: string, quants: () => readonly GgufQuantFiles[]): boolean {
  const loader = ggufLoaderOf(consumer);
  if (loader.split !== "single-file") return true;
  const all = quants();
  return all.length === 0 || all.some((quant) => loads(loader, quant));
}
