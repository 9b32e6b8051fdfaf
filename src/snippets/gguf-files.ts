import { parseQuantLabel, quantTypeOfLabel } from "../catalogue/quant.js";
import type { ModelRecord } from "../model/record.js";

/** A part of a GGUF split in several files ("…-00001-of-00003.gguf"), which one file cannot load alone. */
export const isSplitPart = (name: string) => /-\d{5}-of-\d{5}\.gguf$/i.test(name);

/** How many files a model is split into, as its file names say ("-00001-of-00003" → 3); the count of files otherwise. */
export function partCount(files: readonly string[]): number {
  const declared = files.map((file) => Number(/-\d{5}-of-(\d{5})\.gguf$/i.exec(file)?.[1] ?? 0));
  return Math.max(files.length, ...declared);
}

/** One quantization a repository offers: its label, its file (or the parts of its split file), and their size. */
export interface GgufQuantFiles {
  /** As in `<id>:<label>`: the label written in the file name (`UD-` kept, MXFP4 not renamed). */
  label: string;
  /** The file, or every part of a split file, in the record's order. */
  files: string[];
  /** Bytes of all the files together; undefined when the record does not give the size of every one. */
  bytes: number | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const positive = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined);

/** The size of a sibling: `size` (the model API with ?blobs=true), else its LFS pointer's size. */
function siblingSize(sibling: Record<string, unknown>): number | undefined {
  return positive(sibling["size"]) ?? (isObject(sibling["lfs"]) ? positive(sibling["lfs"]["size"]) : undefined);
}

/**
 * The GGUF quantizations of the record's files, biggest type first. Parts of a split file count as one model;
 * vision projectors (mmproj) and files without a label are not models to run.
 */
export function ggufQuantFiles(model: ModelRecord): GgufQuantFiles[] {
  const siblings: unknown = model["siblings"];
  const byLabel = new Map<string, { files: string[]; sizes: (number | undefined)[] }>();
  for (const sibling of Array.isArray(siblings) ? siblings : []) {
    if (!isObject(sibling) || typeof sibling["rfilename"] !== "string") continue;
    const file = sibling["rfilename"];
    const base = file.slice(file.lastIndexOf("/") + 1).toLowerCase();
    if (!base.endsWith(".gguf") || base.startsWith("mmproj")) continue;
    const found = parseQuantLabel(file);
    if (!found) continue;
    const entry = byLabel.get(found.label) ?? { files: [], sizes: [] };
    entry.files.push(file);
    entry.sizes.push(siblingSize(sibling));
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
  const siblings: unknown = model["siblings"];
  const all = (Array.isArray(siblings) ? siblings : []).flatMap((sibling: unknown) => {
    const name = isObject(sibling) ? sibling["rfilename"] : undefined;
    if (typeof name !== "string") return [];
    const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
    return base.endsWith(".gguf") && !base.startsWith("mmproj") ? [name] : [];
  });
  return all.find((name) => !isSplitPart(name)) ?? all[0];
}

/** The parameter count of the record's `gguf` section (the Hub reads it from the file's header), if any. */
export function ggufParameterCount(model: ModelRecord): number | undefined {
  const gguf: unknown = model["gguf"];
  return isObject(gguf) ? positive(gguf["total"]) : undefined;
}

/** Whether the record's GGUF chat template takes tools: what an agent needs from the model. */
export function ggufTakesTools(model: ModelRecord): boolean {
  const gguf: unknown = model["gguf"];
  return isObject(gguf) && typeof gguf["chat_template"] === "string" && /\btools\b/.test(gguf["chat_template"]);
}
