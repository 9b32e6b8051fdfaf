import { nearestQuant, parseQuantLabel, quantTypeOfLabel } from "../catalogue/quant.js";
import type { ModelRecord } from "../model/record.js";
import { siblingFiles } from "../model/siblings.js";

/** The quantization a local app uses by default: a good balance of size and quality. */
export const defaultQuant = "Q4_K_M";

/** A part of a GGUF split in several files ("…-00001-of-00003.gguf"), which one file cannot load alone. */
export const isSplitPart = (name: string) => /-\d{5}-of-\d{5}\.gguf$/i.test(name);

export interface GgufChoice {
  /** The label to run (as in `<id>:<label>`), or undefined when no file name carries one. */
  chosen: string | undefined;
  /** The one file of that label, when it is not split into parts. */
  file: string | undefined;
  /** The other labels the repository offers, biggest first. */
  others: string[];
}

/**
 * The quantization to run from the repository's GGUF files: Q4_K_M when present, else the biggest one smaller
 * than it, else the smallest there is. Parts of a split file (-00001-of-00003) count as one model; vision
 * projectors (mmproj) are not models.
 */
export function chooseGgufQuant(model: ModelRecord): GgufChoice {
  const labels = new Set<string>();
  const files = new Map<string, string[]>();
  for (const file of siblingFiles(model)) {
    const base = file.slice(file.lastIndexOf("/") + 1).toLowerCase();
    if (!base.endsWith(".gguf") || base.startsWith("mmproj")) continue;
    const found = parseQuantLabel(file);
    if (!found) continue;
    labels.add(found.label);
    files.set(found.label, [...(files.get(found.label) ?? []), file]);
  }
  const bySize = [...labels].sort((a, b) => (quantTypeOfLabel(a)?.sizeRank ?? 0) - (quantTypeOfLabel(b)?.sizeRank ?? 0));
  const chosen = labels.has(defaultQuant) ? defaultQuant : (nearestQuant(defaultQuant, bySize) ?? bySize.at(-1));
  const ofChosen = chosen === undefined ? [] : (files.get(chosen) ?? []);
  const file = ofChosen.length === 1 && !isSplitPart(ofChosen[0] ?? "") ? ofChosen[0] : undefined;
  return { chosen, file, others: bySize.filter((label) => label !== chosen) };
}
