import type { QuantType, TensorType } from "../catalogue/schema.js";
import type { Table } from "./document.js";

/** The GGUF file quantization types, biggest first: name, code, kind and size rank (0 is the biggest). */
export function quantTable(types: readonly QuantType[]): Table {
  return {
    headers: ["NAME", "CODE", "KIND", "SIZE RANK"],
    rows: types.map((type) => [type.name, String(type.code), type.kind, String(type.sizeRank)]),
  };
}

/** The GGML tensor types by code. */
export function tensorTable(types: readonly TensorType[]): Table {
  return {
    headers: ["NAME", "CODE"],
    rows: types.map((type) => [type.name, String(type.code)]),
  };
}
