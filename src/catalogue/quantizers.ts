import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { QuantizersData } from "./schema.js";

/*
 * What a pre-quantized checkpoint needs installed for transformers to load it, by its quantization_config's
 * quant_method: written from transformers' quantizers (data/quantizers.json), which a differential test holds to the
 * installed transformers.
 */

let data: QuantizersData | undefined;

export function quantizersData(): QuantizersData {
  data ??= readPackagedJson<QuantizersData>(`${dataDir}quantizers.json`);
  return data;
}

/** The PyPI packages transformers checks for before it loads a checkpoint of this quant_method; none for an unknown one. */
export function quantizerPackages(method: string): string[] {
  const { methods } = quantizersData();
  return Object.hasOwn(methods, method) ? [...(methods[method]?.pip ?? [])] : [];
}
