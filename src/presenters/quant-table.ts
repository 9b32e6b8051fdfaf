import type { QuantLabel } from "../catalogue/quant.js";
import type { QuantType, TensorType } from "../catalogue/schema.js";
import type { Table } from "./document.js";

/** The GGUF file quantization types: name, code, kind and about how many bits a weight takes ("?" when unknown). */
export function quantTable(types: readonly QuantType[]): Table {
  return {
    headers: ["NAME", "CODE", "KIND", "BITS/WEIGHT"],
    rows: types.map((type) => [type.name, String(type.code), type.kind, type.bitsPerWeight === undefined ? "?" : String(type.bitsPerWeight)]),
  };
}

const kindNames: Record<QuantType["kind"], string> = {
  float: "a float type",
  legacy: "a legacy quantization",
  "k-quant": "a k-quant",
  "i-quant": "an i-quant",
  ternary: "a ternary quantization",
  fp4: "a 4-bit float quantization",
  dynamic: "an Unsloth dynamic quantization",
};

/** One line on the quantization a file name's label names: its type, code, kind and bits per weight. */
export function quantLabelLine(found: QuantLabel): string {
  const { label, type, suffixed } = found;
  const base = label === type.name ? "" : suffixed ? `${type.name} with a size suffix (a little bigger), ` : `${type.name}, `;
  const bits = type.bitsPerWeight === undefined ? "" : ` of about ${type.bitsPerWeight} bits per weight`;
  return `${label}: ${base}GGUF file type ${type.code}, ${kindNames[type.kind]}${bits}`;
}

/** The GGML tensor types by code. */
export function tensorTable(types: readonly TensorType[]): Table {
  return {
    headers: ["NAME", "CODE"],
    rows: types.map((type) => [type.name, String(type.code)]),
  };
}
