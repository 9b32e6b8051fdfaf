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

/**
 * The GGUF file quantization types by bits per weight, biggest first: what `quant list` shows. The size order above
 * is the Hub's (GGUF_QUANT_ORDER), which places some legacy types (Q4_0, Q5_1) below smaller ones; ties, and the
 * obsolete types without a figure (last), keep it.
 */
export function listQuantTypesByBits(): QuantType[] {
  return listQuantTypes().sort((a, b) => (b.bitsPerWeight ?? 0) - (a.bitsPerWeight ?? 0));
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
  /**
   * As a user writes it in a tag or `-hf <id>:<label>`, upper-cased: the type's name with the file name's `UD-` prefix
   * and size suffix kept (bartowski's `Q6_K_L`, `Q4_K_L`: a type with its embeddings and output at Q8_0).
   */
  label: string;
  /** The file type it names, or that a suffixed label is built on (Q6_K for Q6_K_L, Q4_K_M for Q4_K_L; MXFP4 files are MXFP4_MOE). */
  type: QuantType;
  /** Whether the label adds a size suffix to its type (`_L` in Q6_K_L): such a file is a little bigger than the type's. */
  suffixed: boolean;
}

/** Labels that file names use for a type of another name. */
const aliases: Readonly<Record<string, string>> = { MXFP4: "MXFP4_MOE" };

interface LabelTables {
  pattern: RegExp;
  /** K-quant families (the tensor types Q2_K … Q8_K) → the biggest plain file type of the family (Q4_K → Q4_K_M). */
  families: Map<string, QuantType>;
}

let tables: LabelTables | undefined;

/** The family's biggest file type that is not a dynamic (XL) one: what a suffix such as `_L` is added to. */
function familyBase(family: string, types: readonly QuantType[]): QuantType | undefined {
  const members = types.filter((type) => type.kind !== "dynamic" && (type.name === family || type.name.startsWith(`${family}_`)));
  return members.sort((a, b) => a.sizeRank - b.sizeRank)[0];
}

/*
 * Every type name, alias and K-quant family as one pattern, longest first (so Q4_K_M wins over Q4_K, Q4_0_4_4 over
 * Q4_0), with an optional `UD-` prefix (Unsloth Dynamic) and an optional size suffix of letters (`_L`), standing
 * between separators (start, end, `-`, `.`, `_`, `/`, space).
 */
function labelTables(): LabelTables {
  if (!tables) {
    const { fileTypes, tensorTypes } = quantData();
    const families = new Map<string, QuantType>();
    for (const { name } of tensorTypes) {
      const base = /^Q\d_K$/.test(name) ? familyBase(name, fileTypes) : undefined;
      if (base) families.set(name, base);
    }
    const names = [...new Set([...fileTypes.map((type) => type.name), ...Object.keys(aliases), ...families.keys()])].sort((a, b) => b.length - a.length);
    const pattern = new RegExp(`(?<=^|[-._/\\s])(UD-)?(${names.join("|")})(_[A-Z]+)?(?=$|[-._/\\s])`, "gi");
    tables = { pattern, families };
  }
  return tables;
}

/** The type a name (no prefix, upper case) names, or that it adds a size suffix to; undefined for anything else. */
function typeOfName(name: string): { type: QuantType; suffixed: boolean } | undefined {
  const exact = getQuantType(aliases[name] ?? name);
  if (exact) return { type: exact, suffixed: false };
  const suffix = /^(.+)_[A-Z]+$/.exec(name);
  const stem = suffix?.[1];
  if (!stem) return undefined;
  const base = getQuantType(aliases[stem] ?? stem) ?? labelTables().families.get(stem);
  // A longer type glued to letters ("Q4_K_Mx") is part of a word, not a type with a suffix.
  const glued = quantData().fileTypes.some((type) => type.name.length > stem.length && name.startsWith(type.name));
  return base && !glued ? { type: base, suffixed: true } : undefined;
}

/** The quantization label of a GGUF file name (case-insensitive; the last one when the name holds several). */
export function parseQuantLabel(fileName: string): QuantLabel | undefined {
  const matches = [...fileName.matchAll(labelTables().pattern)];
  for (const match of matches.reverse()) {
    const name = `${match[2] ?? ""}${match[3] ?? ""}`.toUpperCase();
    const found = typeOfName(name);
    if (found) return { label: `${match[1] ? "UD-" : ""}${name}`, ...found };
  }
  return undefined;
}

/** The type a label names, or is built on: `UD-` prefixes, aliases (MXFP4) and size suffixes (Q6_K_L) resolved. */
export function quantTypeOfLabel(label: string): QuantType | undefined {
  return typeOfName(label.toUpperCase().replace(/^UD-/, ""))?.type;
}

/**
 * Where a label stands among the types, biggest first: its type's size rank, less half a step for a size suffix
 * (Q6_K_L is a little bigger than Q6_K, and smaller than the next bigger type). Undefined for an unknown label.
 */
export function labelRank(label: string): number | undefined {
  const found = typeOfName(label.toUpperCase().replace(/^UD-/, ""));
  return found ? found.type.sizeRank - (found.suffixed ? 0.5 : 0) : undefined;
}

/**
 * The biggest of the available quantizations that is no bigger than the one wanted (the wanted one itself when
 * available); undefined when every available one is bigger, or the wanted name is unknown.
 */
export function nearestQuant(wanted: string, available: readonly string[]): string | undefined {
  const limit = labelRank(wanted);
  if (limit === undefined) return undefined;
  let best: { name: string; rank: number } | undefined;
  for (const name of available) {
    const rank = labelRank(name);
    if (rank !== undefined && rank >= limit && (!best || rank < best.rank)) best = { name, rank };
  }
  return best?.name;
}
