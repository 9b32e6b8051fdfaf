import { labelRank, parseQuantLabel } from "../catalogue/quant.js";
import { isModelGguf, splitModelKey } from "./gguf.js";
import type { Sibling } from "./siblings.js";

/** One quantization a repository offers: its label, its file (or the parts of its split file), and their size. */
export interface GgufQuantFiles {
  /** As in `<id>:<label>`: the label written in the file name (`UD-` kept, MXFP4 not renamed). */
  label: string;
  /** The file, or every part of a split file, in the record's order. */
  files: string[];
  /** Bytes of all the files together; undefined when the record does not give the size of every one. */
  bytes: number | undefined;
}

/** Bytes of all the files, or undefined when one size is not given. */
const totalBytes = (sizes: readonly (number | undefined)[]): number | undefined =>
  sizes.every((size) => size !== undefined) ? sizes.reduce((sum: number, size) => sum + (size ?? 0), 0) : undefined;

/**
 * The order of quantizations, biggest first: by bytes when the record gives every one's size (a suffixed label such as
 * Q6_K_L then stands where its file's size puts it), else by the type each label names or is built on; ties by type.
 */
function biggestFirst(quants: GgufQuantFiles[]): GgufQuantFiles[] {
  const rank = (label: string) => labelRank(label) ?? Number.MAX_SAFE_INTEGER;
  const bySize = quants.every((quant) => quant.bytes !== undefined);
  return quants.sort((a, b) => (bySize ? (b.bytes ?? 0) - (a.bytes ?? 0) : 0) || rank(a.label) - rank(b.label));
}

/**
 * The GGUF quantizations of the record's files, biggest first. Each is one file, or the parts of one split file
 * (same path but for "-0000N-of-0000M"), never files grouped by their label: two files of one label (in two folders,
 * or of two fine-tunes) are two quantizations. Vision projectors (mmproj) and files without a label are not models to run.
 */
export function ggufQuantsOf(files: readonly Sibling[]): GgufQuantFiles[] {
  const byModel = new Map<string, { label: string; files: string[]; sizes: (number | undefined)[] }>();
  for (const { file, size } of files) {
    if (!isModelGguf(file)) continue;
    const found = parseQuantLabel(file);
    if (!found) continue;
    const key = splitModelKey(file);
    const entry = byModel.get(key) ?? {
      label: found.label,
      files: [],
      sizes: [],
    };
    entry.files.push(file);
    entry.sizes.push(size);
    byModel.set(key, entry);
  }
  return biggestFirst(
    [...byModel.values()].map(({ label, files, sizes }) => ({
      label,
      files,
      bytes: totalBytes(sizes),
    })),
  );
}
