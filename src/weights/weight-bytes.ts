import { parseQuantLabel } from "../catalogue/quant.js";
import type { GgufQuantFiles } from "../model/gguf-quants.js";
import type { RecordView } from "../model/view.js";
import { chooseAmongQuants, type GgufChoice } from "./gguf-choice.js";

/*
 * How big a model's weights are, as far as its record tells: what a notebook's runtime and a dedicated endpoint's
 * hardware are chosen from. The size of its weight files when the record gives every one, else the parameter counts
 * of its `safetensors` section × each dtype's bytes; for a GGUF repository, the quantization chosen (its files, or its
 * parameter count × the type's bits per weight).
 */

/** The bytes of one value of each safetensors dtype (an unknown one counts as two). */
export const bytesPerParameter: Readonly<Record<string, number>> = {
  F64: 8,
  F32: 4,
  BF16: 2,
  F16: 2,
  I64: 8,
  I32: 4,
  I16: 2,
  I8: 1,
  U8: 1,
  F8_E4M3: 1,
  F8_E5M2: 1,
  BOOL: 1,
};

/** The safetensors section's parameter counts by dtype (the Hub's model API `safetensors`), dtypes in upper case. */
export function parameterCounts(record: RecordView["record"]): [string, number][] {
  const section: unknown = record["safetensors"];
  const parameters = typeof section === "object" && section !== null ? (section as Record<string, unknown>)["parameters"] : undefined;
  if (typeof parameters !== "object" || parameters === null) return [];
  return Object.entries(parameters).flatMap(([dtype, count]) =>
    typeof count === "number" && count > 0 ? [[dtype.toUpperCase(), count] as [string, number]] : [],
  );
}

/** The weights' bytes from the safetensors section's parameter counts per dtype. */
export function safetensorsBytes(record: RecordView["record"]): number | undefined {
  const bytes = parameterCounts(record).reduce((sum, [dtype, count]) => sum + count * (bytesPerParameter[dtype] ?? 2), 0);
  return bytes > 0 ? bytes : undefined;
}

const weightGroups = [/\.safetensors$/i, /\.bin$/i, /\.(pt|pth|ckpt)$/i, /\.h5$/i, /\.msgpack$/i, /\.onnx$/i];

/**
 * The bytes of the first kind of weight file the record lists with every size (safetensors before the others). A
 * diffusers repository (model_index.json) loads its components' folders, not the single-file copies some keep at
 * the root for other tools; a `consolidated` file repeats the shards beside it.
 */
function weightFileBytes(view: RecordView): number | undefined {
  const pipeline = view.files.some((file) => file.file === "model_index.json");
  const loaded = view.files.filter((file) => !pipeline || file.file.includes("/"));
  for (const pattern of weightGroups) {
    const all = loaded.filter((file) => pattern.test(file.file));
    const shards = all.filter((file) => !/(^|\/)consolidated[^/]*$/.test(file.file));
    const files = shards.length > 0 ? shards : all;
    if (files.length > 0 && files.every((file) => file.size !== undefined)) return files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  }
  return undefined;
}

/** The quantization a GGUF choice names, among the view's (the one with the chosen files when two share a label). */
export function chosenQuant(view: RecordView, choice: GgufChoice): GgufQuantFiles | undefined {
  const quant = view.gguf.quants.find((candidate) => candidate.label === choice.chosen && candidate.files.join() === [...choice.files].sort().join());
  return quant ?? view.gguf.quants.find((candidate) => candidate.label === choice.chosen);
}

/** A quantization's bytes: its files' sizes, else the `gguf` section's parameter count × the type's bits per weight. */
export function quantBytes(view: RecordView, quant: GgufQuantFiles): { bytes: number; estimated: boolean } | undefined {
  if (quant.bytes !== undefined) return { bytes: quant.bytes, estimated: false };
  const bits = parseQuantLabel(quant.label)?.type.bitsPerWeight;
  return view.gguf.parameters !== undefined && bits !== undefined ? { bytes: (view.gguf.parameters * bits) / 8, estimated: true } : undefined;
}

/** The GGUF quantization llama-cpp-python's code loads by default (Q4_K_M or the nearest), sized as `--memory` sizes it. */
function ggufBytes(view: RecordView): number | undefined {
  const chosen = chosenQuant(view, chooseAmongQuants({ id: view.id, parameters: view.gguf.parameters }, view.gguf.quants));
  return chosen === undefined ? undefined : quantBytes(view, chosen)?.bytes;
}

/** A repository of GGUF quantizations, which llama.cpp and llama-cpp-python load one of. */
export const hasGgufQuants = (view: RecordView): boolean => view.gguf.repository && view.gguf.quants.length > 0;

/** The bytes of the weights a model's loading code reads, as far as its record tells. */
export function weightBytes(view: RecordView): number | undefined {
  if (hasGgufQuants(view)) return ggufBytes(view);
  return weightFileBytes(view) ?? safetensorsBytes(view.record);
}
