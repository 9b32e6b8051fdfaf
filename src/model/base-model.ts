import { modelIdPattern } from "./model-id.js";
import type { ModelRecord } from "./record.js";

const quantizedTag = "base_model:quantized:";

/**
 * The model this repository is a quantization of, as the Hub's `base_model:quantized:<id>` tag names it (the Hub
 * writes it from the card's base_model): undefined when no tag names one, or several do (a merge of models).
 */
export function quantizedFrom(model: ModelRecord): string | undefined {
  const bases = [...new Set(model.tags.filter((tag) => tag.startsWith(quantizedTag)).map((tag) => tag.slice(quantizedTag.length)))];
  const [base] = bases;
  return bases.length === 1 && base !== undefined && modelIdPattern.test(base) ? base : undefined;
}
