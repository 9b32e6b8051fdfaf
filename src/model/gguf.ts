import type { ModelRecord } from "./record.js";
import { siblingFiles } from "./siblings.js";

/*
 * What a record says about its GGUF files: the file-name rules (model files, split parts) and its `gguf` section,
 * which the Hub reads from a file's header (parameter count, chat template).
 */

/** Words of a GGUF path that mark a file a model runs with, not a model: vision projectors, importance matrices, MTP heads. */
const auxiliary = new Set(["mmproj", "imatrix", "mtp"]);

/**
 * A GGUF file that holds a model: not a vision projector (`mmproj-F16.gguf`, `llava-…-mmproj-f16.gguf`), an
 * importance matrix (`imatrix_unsloth.gguf`, `…-imatrix.gguf`) or a multi-token-prediction head (`MTP/mtp-….gguf`),
 * wherever the publisher put the word in the path.
 */
export function isModelGguf(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.endsWith(".gguf") && !lower.split(/[-._/\s]+/).some((word) => auxiliary.has(word));
}

const splitPattern = /-(\d{5})-of-(\d{5})\.gguf$/i;

/** A part of a GGUF split in several files ("…-00001-of-00003.gguf"), which one file cannot load alone. */
export const isSplitPart = (name: string) => splitPattern.test(name);

/**
 * The one model a GGUF file belongs to: its own path, or for a part of a split file the path with the part number
 * left out ("Q8_0/m-Q8_0-00002-of-00003.gguf" → "Q8_0/m-Q8_0-of-00003.gguf"). The parts of one split file, and only
 * they, share it.
 */
export function splitModelKey(name: string): string {
  const match = splitPattern.exec(name);
  return match ? `${name.slice(0, match.index)}-of-${match[2]}.gguf` : name;
}

/**
 * Every part of the split file this part belongs to, by its numbering ("m-00002-of-00003.gguf" → m-00001…, m-00002…,
 * m-00003…); the file alone otherwise.
 */
export function splitPartNames(part: string): string[] {
  const match = splitPattern.exec(part);
  if (!match) return [part];
  const total = Number(match[2]);
  const stem = part.slice(0, match.index);
  return Array.from({ length: total }, (_, index) => `${stem}-${String(index + 1).padStart(5, "0")}-of-${match[2]}.gguf`);
}

/** A pattern (`hf download --include`) that matches every part of the split file this part belongs to. */
export const splitPartsGlob = (part: string): string => part.replace(splitPattern, "-*-of-$2.gguf");

/** The name of the one file the parts of a split file merge into, in the current folder ("Q8_0/m-Q8_0-00001-of-00003.gguf" → "m-Q8_0.gguf"). */
export const mergedName = (part: string): string => {
  const base = part.slice(part.lastIndexOf("/") + 1);
  return base.replace(splitPattern, ".gguf");
};

/** How many files a model is split into, as its file names say ("-00001-of-00003" → 3); the count of files otherwise. */
export function partCount(files: readonly string[]): number {
  const declared = files.map((file) => Number(/-\d{5}-of-(\d{5})\.gguf$/i.exec(file)?.[1] ?? 0));
  return Math.max(files.length, ...declared);
}

const ggufSection = (model: ModelRecord): Record<string, unknown> | undefined => {
  const gguf: unknown = model["gguf"];
  return typeof gguf === "object" && gguf !== null ? (gguf as Record<string, unknown>) : undefined;
};

/** The parameter count of the record's `gguf` section, if any. */
export function ggufParameterCount(model: ModelRecord): number | undefined {
  const total = ggufSection(model)?.["total"];
  return typeof total === "number" && Number.isFinite(total) && total > 0 ? total : undefined;
}

/** Whether the repository holds GGUF files: the Hub's library_name or tag says so, or its file list does. */
export function isGgufRepository(model: ModelRecord): boolean {
  return isGgufRepositoryWith(model, siblingFiles(model));
}

/** isGgufRepository, with the record's file names already read. */
export function isGgufRepositoryWith(model: ModelRecord, files: readonly string[]): boolean {
  return model.library_name === "gguf" || model.tags.includes("gguf") || files.some((file) => file.toLowerCase().endsWith(".gguf"));
}

/** Weight files of the formats other libraries load (transformers, diffusers, timm, ...): anything but GGUF. */
const otherWeights = /\.(safetensors|bin|pt|pth|ckpt|h5|msgpack|onnx)$/i;

/**
 * Whether the record's file list shows a repository whose model weights are GGUF files only: a model .gguf file and
 * no weights of another format. A config.json beside them does not change it (unsloth and Qwen ship GGUF repositories
 * with or without one): without weights of its own format, no other library loads the repository as it stands.
 * False for a record without a file list, which cannot tell.
 */
export function holdsOnlyGgufWeights(model: ModelRecord): boolean {
  return filesAreOnlyGgufWeights(siblingFiles(model));
}

/** holdsOnlyGgufWeights, of the record's file names. */
export function filesAreOnlyGgufWeights(files: readonly string[]): boolean {
  return files.some(isModelGguf) && !files.some((file) => otherWeights.test(file));
}
