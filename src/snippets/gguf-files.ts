import { parseQuantLabel, quantTypeOfLabel } from "../catalogue/quant.js";
import { isModelGguf, isSplitPart } from "../model/gguf.js";
import type { ModelRecord } from "../model/record.js";
import { siblingFiles, siblings } from "../model/siblings.js";

/** One quantization a repository offers: its label, its file (or the parts of its split file), and their size. */
export interface GgufQuantFiles {
  /** As in `<id>:<label>`: the label written in the file name (`UD-` kept, MXFP4 not renamed). */
  label: string;
  /** The file, or every part of a split file, in the record's order. */
  files: string[];
  /** Bytes of all the files together; undefined when the record does not give the size of every one. */
  bytes: number | undefined;
}

/**
 * The GGUF quantizations of the record's files, biggest type first. Parts of a split file count as one model;
 * vision projectors (mmproj) and files without a label are not models to run.
 */
export function ggufQuantFiles(model: ModelRecord): GgufQuantFiles[] {
  const byLabel = new Map<string, { files: string[]; sizes: (number | undefined)[] }>();
  for (const { file, size } of siblings(model)) {
    if (!isModelGguf(file)) continue;
    const found = parseQuantLabel(file);
    if (!found) continue;
    const entry = byLabel.get(found.label) ?? { files: [], sizes: [] };
    entry.files.push(file);
    entry.sizes.push(size);
    byLabel.set(found.label, entry);
  }
  const rank = (label: string) => quantTypeOfLabel(label)?.sizeRank ?? Number.MAX_SAFE_INTEGER;
  return [...byLabel]
    .map(([label, { files, sizes }]) => ({
      label,
      files,
      bytes: sizes.every((size) => size !== undefined) ? sizes.reduce((sum: number, size) => sum + (size ?? 0), 0) : undefined,
    }))
    .sort((a, b) => rank(a.label) - rank(b.label));
}

/** A GGUF file to name when the app wants one: the chosen one, else a whole (unsplit) model file, else a split part. */
export function runnableGgufFile(model: ModelRecord, chosenFile: string | undefined): string | undefined {
  if (chosenFile) return chosenFile;
  const all = siblingFiles(model).filter(isModelGguf);
  return all.find((name) => !isSplitPart(name)) ?? all[0];
}
