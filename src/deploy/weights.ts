import type { RecordView } from "../model/view.js";
import { chooseAmongQuants } from "../snippets/gguf-choice.js";
import { chosenQuant, quantBytes, weightBytes } from "../snippets/weight-bytes.js";
import type { EngineKey } from "./schema.js";

/** What an endpoint loads: its bytes (undefined when the record does not tell), and for llama.cpp the quantization. */
export interface ServedWeights {
  bytes: number | undefined;
  /** The bytes are the parameter count × the type's bits per weight, not the files' sizes. */
  estimated: boolean;
  /** llama.cpp's quantization, chosen as `--memory` chooses it (src/snippets/gguf-choice.ts). */
  quant?: { label: string; file: string };
}

/**
 * The weights an engine loads: for llama.cpp, the quantization `--memory` would choose (Q4_K_M or the nearest
 * without it; the biggest that fits with it, a UserError with exit code 1 when none does), else the model's weights.
 */
export function servedWeights(view: RecordView, engine: EngineKey, memory: number | undefined): ServedWeights {
  if (engine !== "llama.cpp") return { bytes: weightBytes(view), estimated: false };
  const choice = chooseAmongQuants({ id: view.id, parameters: view.gguf.parameters }, view.gguf.quants, memory === undefined ? {} : { memory });
  const quant = chosenQuant(view, choice);
  const file = choice.firstFile;
  if (quant === undefined || file === undefined || choice.chosen === undefined) return { bytes: undefined, estimated: false };
  const sized = quantBytes(view, quant);
  return { bytes: sized?.bytes, estimated: sized?.estimated ?? false, quant: { label: choice.chosen, file } };
}
