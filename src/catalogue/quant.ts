import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { QuantType, TensorType } from "./schema.js";

interface QuantData {
  fileTypes: QuantType[];
  tensorTypes: TensorType[];
}

let data: QuantData | undefined;

function quantData(): QuantData {
  data ??= readPackagedJson<QuantData>(`${dataDir}quant.json`);
  return data;
}

/** The GGUF file quantization types, biggest first (F32 … Q1_0). */
export function listQuantTypes(): QuantType[] {
  return [...quantData().fileTypes].sort((a, b) => a.sizeRank - b.sizeRank);
}

/** The GGML tensor types, by code. */
export function listTensorTypes(): TensorType[] {
  return [...quantData().tensorTypes].sort((a, b) => a.code - b.code);
}

/** One file quantization type by its name, any case. */
export function getQuantType(name: string): QuantType | undefined {
  const wanted = name.toUpperCase();
  return quantData().fileTypes.find((type) => type.name === wanted);
}

/** A quantization label found in a file name. */
export interface QuantLabel {
  /** As a user writes it in a tag or `-hf <id>:<label>`: the type's name, with the `UD-` prefix when the file has it. */
  label: string;
  /** The file type it names (MXFP4 files are MXFP4_MOE). */
  type: QuantType;
}

/** Labels that file names use for a type of another name. */
const aliases: Readonly<Record<string, string>> = { MXFP4: "MXFP4_MOE" };

let labelPattern: RegExp | undefined;

/**
 * Every type name and alias as one pattern, longest first (so Q4_K_M wins over Q4_K, Q4_0_4_4 over Q4_0), standing
 * between separators (start, end, `-`, `.`, `_`, `/`, space), with an optional `UD-` prefix (Unsloth Dynamic).
 */
function pattern(): RegExp {
  if (!labelPattern) {
    const names = [...quantData().fileTypes.map((type) => type.name), ...Object.keys(aliases)].sort((a, b) => b.length - a.length);
    labelPattern = new RegExp(`(?<=^|[-._/\\s])(UD-)?(${names.join("|")})(?=$|[-._/\\s])`, "gi");
  }
  return labelPattern;
}

/** The quantization label of a GGUF file name (case-insensitive; the last one when the name holds several). */
export function parseQuantLabel(fileName: string): QuantLabel | undefined {
  const matches = [...fileName.matchAll(pattern())];
  const last = matches.at(-1);
  if (!last) return undefined;
  const written = (last[2] ?? "").toUpperCase();
  const type = getQuantType(aliases[written] ?? written);
  if (!type) return undefined;
  return { label: `${last[1] ? "UD-" : ""}${written}`, type };
}

/** The type a label names: `UD-` prefixes and aliases (MXFP4) resolved. */
export function quantTypeOfLabel(label: string): QuantType | undefined {
  const name = label.toUpperCase().replace(/^UD-/, "");
  return getQuantType(aliases[name] ?? name);
}

/**
 * The biggest of the available quantizations that is no bigger than the one wanted (the wanted one itself when
 * available); undefined when every available one is bigger, or the wanted name is unknown.
 */
export function nearestQuant(wanted: string, available: readonly string[]): string | undefined {
  const limit = quantTypeOfLabel(wanted)?.sizeRank;
  if (limit === undefined) return undefined;
  let best: { name: string; rank: number } | undefined;
  for (const name of available) {
    const rank = quantTypeOfLabel(name)?.sizeRank;
    if (rank !== undefined && rank >= limit && (!best || rank < best.rank)) best = { name, rank };
  }
  return best?.name;
}
