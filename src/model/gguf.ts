import type { ModelRecord } from "./record.js";
import { siblingFiles } from "./siblings.js";

/*
 * What a record says about its GGUF files: the file-name rules (model files, split parts) and its `gguf` section,
 * which the Hub reads from a file's header (parameter count, chat template).
 */

/** A GGUF file that holds a model: not a vision projector (mmproj). */
export function isModelGguf(name: string): boolean {
  const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
  return base.endsWith(".gguf") && !base.startsWith("mmproj");
}

/** A part of a GGUF split in several files ("…-00001-of-00003.gguf"), which one file cannot load alone. */
export const isSplitPart = (name: string) => /-\d{5}-of-\d{5}\.gguf$/i.test(name);

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

/** Whether the record's GGUF chat template takes tools: what an agent needs from the model. */
export function ggufTakesTools(model: ModelRecord): boolean {
  const template = ggufSection(model)?.["chat_template"];
  return typeof template === "string" && /\btools\b/.test(template);
}

/** Whether the repository holds GGUF files: the Hub's library_name or tag says so, or its file list does. */
export function isGgufRepository(model: ModelRecord): boolean {
  return model.library_name === "gguf" || model.tags.includes("gguf") || siblingFiles(model).some((file) => file.toLowerCase().endsWith(".gguf"));
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
  const files = siblingFiles(model);
  return files.some(isModelGguf) && !files.some((file) => otherWeights.test(file));
}
