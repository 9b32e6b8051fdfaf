import type { RecordView } from "../model/view.js";
import type { Sibling } from "../model/siblings.js";
import { bytesPerParameter, parameterCounts, safetensorsBytes } from "../weights/weight-bytes.js";

/*
 * The weights a serving engine reads from a repository, as its record tells: the format of the files at its root
 * (a transformers checkpoint's engines read the root and nothing under it: not `original/`, `onnx/` or `gguf/`
 * copies; a diffusers pipeline its components' folders), their bytes, the bytes of one value (from the
 * `safetensors` section's dtypes), the quantization method its config names, and whether it is a PEFT adapter.
 */

type WeightFormat = "safetensors" | "bin" | "gguf" | "onnx" | "other";

export interface StoredWeights {
  /** The format of the weights the engine would read; undefined when the record lists no weight file. */
  format: WeightFormat | undefined;
  /** Their bytes; undefined when the record does not tell. */
  bytes: number | undefined;
  /** The bytes are the parameter counts × their dtypes' bytes, not the files' sizes. */
  fromParameters: boolean;
  /** Bytes per parameter of the checkpoint's floating-point weights (2 for BF16 and F16, 4 for F32), when known. */
  bytesPerValue: number | undefined;
  /** The parameters, when the safetensors section counts them. */
  parameters: number | undefined;
  /** The checkpoint's weights are bfloat16 (the safetensors section's main dtype). */
  bfloat16: boolean;
  /** `quantization_config.quant_method` of the config, or fp8 for float8 weights without one. */
  quantMethod: string | undefined;
  /** A PEFT adapter (adapter_config.json and no config.json): it needs its base model to run. */
  adapterOf: string | undefined;
}

const onnxFile = /\.onnx(_data)?$/i;

const groups: readonly [WeightFormat, RegExp][] = [
  ["safetensors", /\.safetensors$/i],
  ["bin", /\.(bin|pt|pth)$/i],
  ["gguf", /\.gguf$/i],
  ["onnx", onnxFile],
  ["other", /\.(h5|msgpack|ckpt|npz|mlmodel|tflite)$/i],
];

const floatTypes: ReadonlySet<string> = new Set(["F64", "F32", "BF16", "F16", "F8_E4M3", "F8_E5M2"]);

/** The files an engine reads: a pipeline's component folders, else the repository's root. */
function readFiles(view: RecordView): Sibling[] {
  const pipeline = view.files.some((file) => file.file === "model_index.json");
  return view.files.filter((file) => (pipeline ? file.file.includes("/") : !file.file.includes("/")));
}

function quantMethodOf(view: RecordView, counts: [string, number][]): string | undefined {
  const config = view.record.config;
  const quantization = config?.["quantization_config"];
  const method = typeof quantization === "object" && quantization !== null ? (quantization as Record<string, unknown>)["quant_method"] : undefined;
  if (typeof method === "string" && method !== "") return method;
  return counts.some(([dtype]) => dtype.startsWith("F8_")) ? "fp8" : undefined;
}

function adapterBase(view: RecordView): string | undefined {
  const root = view.files.filter((file) => !file.file.includes("/")).map((file) => file.file);
  if (!root.includes("adapter_config.json") || root.includes("config.json")) return undefined;
  const base = view.record.cardData?.["base_model"];
  const named = Array.isArray(base) ? base[0] : base;
  return typeof named === "string" && named !== "" ? named : "";
}

export function storedWeights(view: RecordView): StoredWeights {
  const counts = parameterCounts(view.record);
  const parameters = counts.length === 0 ? undefined : counts.reduce((sum, [, count]) => sum + count, 0);
  const floats = counts.filter(([dtype]) => floatTypes.has(dtype)).sort((a, b) => b[1] - a[1]);
  const main = floats[0]?.[0];
  const countedBytes = safetensorsBytes(view.record);
  const files = readFiles(view);
  let format: WeightFormat | undefined;
  let fileBytes: number | undefined;
  for (const [name, pattern] of groups) {
    const matched = files.filter((file) => pattern.test(file.file));
    if (matched.length === 0) continue;
    // A `consolidated` file repeats the shards beside it (Mistral's repositories).
    const shards = matched.filter((file) => !/(^|\/)consolidated[^/]*$/.test(file.file));
    const loaded = shards.length > 0 ? shards : matched;
    format = name;
    if (loaded.every((file) => file.size !== undefined)) fileBytes = loaded.reduce((sum, file) => sum + (file.size ?? 0), 0);
    break;
  }
  // Nothing at the root, but ONNX files below it (a transformers.js repository's onnx/): ONNX weights alone.
  if (format === undefined && view.files.some((file) => onnxFile.test(file.file)) && !view.files.some((file) => /\.(safetensors|bin)$/i.test(file.file)))
    format = "onnx";
  const bytes = format === "onnx" ? fileBytes : (fileBytes ?? countedBytes);
  return {
    format: format ?? (counts.length > 0 ? "safetensors" : undefined),
    bytes,
    fromParameters: fileBytes === undefined && bytes !== undefined,
    bytesPerValue: main === undefined ? undefined : bytesPerParameter[main],
    parameters,
    bfloat16: main === "BF16",
    quantMethod: quantMethodOf(view, counts),
    adapterOf: adapterBase(view),
  };
}
