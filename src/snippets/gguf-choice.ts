import { nearestQuant } from "../catalogue/quant.js";
import type { ModelRecord } from "../model/record.js";
import { isSplitPart, partCount } from "../model/gguf.js";
import { ggufQuantFiles } from "./gguf-files.js";
import { pickForMemory, type MemoryFit } from "./memory-fit.js";

/** The quantization a local app uses by default: a good balance of size and quality. */
export const defaultQuant = "Q4_K_M";

export interface GgufChoice {
  /** The label to run (as in `<id>:<label>`), or undefined when no file name carries one. */
  chosen: string | undefined;
  /** The one file of that label, when it is not split into parts. */
  file: string | undefined;
  /** The file to name when an app wants one path: the file, or the first part of a split file. */
  firstFile: string | undefined;
  /** How many files the chosen quantization is split into (1 when it is not). */
  parts: number;
  /** The other labels the repository offers, biggest first. */
  others: string[];
  /** Why the choice fits the memory given (only with `memory`). */
  fit: MemoryFit | undefined;
}

export interface GgufChoiceOptions {
  /** Bytes of memory to fit: the biggest quantization whose file plus a margin for the context fits (see memory-fit.ts). */
  memory?: number;
}

/**
 * The quantization to run from the repository's GGUF files: with `memory`, the biggest that fits; otherwise
 * Q4_K_M when present, else the biggest one smaller than it, else the smallest there is.
 */
export function chooseGgufQuant(model: ModelRecord, options: GgufChoiceOptions = {}): GgufChoice {
  const quants = ggufQuantFiles(model);
  // No quantized file (any model but a GGUF repository): nothing to choose, and no need to read the quant table.
  if (quants.length === 0) return { chosen: undefined, file: undefined, firstFile: undefined, parts: 0, others: [], fit: undefined };
  const labels = quants.map((quant) => quant.label);
  let chosen: string | undefined;
  let fit: MemoryFit | undefined;
  if (options.memory !== undefined && quants.length > 0) ({ label: chosen, fit } = pickForMemory(model, quants, options.memory));
  else chosen = labels.includes(defaultQuant) ? defaultQuant : (nearestQuant(defaultQuant, labels) ?? labels.at(-1));
  const files = quants.find((quant) => quant.label === chosen)?.files ?? [];
  const sortedParts = [...files].sort();
  return {
    chosen,
    file: files.length === 1 && !isSplitPart(files[0] ?? "") ? files[0] : undefined,
    firstFile: sortedParts[0],
    parts: partCount(files),
    others: labels.filter((label) => label !== chosen),
    fit,
  };
}
