import type { RecordView } from "../model/view.js";
import { chooseAmongQuants } from "../weights/gguf-choice.js";
import { chosenQuant, quantBytes } from "../weights/weight-bytes.js";
import { recordAttentionShape } from "./attention-shape.js";
import { modelTypeOf } from "./model-type.js";
import type { ModelDemand } from "./memory-model.js";
import type { EngineKey } from "./schema.js";
import { storedWeights } from "./stored-weights.js";

/** What an endpoint loads: the model's demand on a machine, and for llama.cpp the quantization. */
export interface ServedWeights {
  demand: ModelDemand;
  /** The bytes are the parameter count × the type's bits per weight (or the dtypes' bytes), not the files' sizes. */
  estimated: boolean;
  /** llama.cpp's quantization, chosen as `--memory` chooses it (src/weights/gguf-choice.ts). */
  quant?: { label: string; file: string };
}

/**
 * The weights an engine loads: for llama.cpp, the quantization `--memory` would choose (Q4_K_M or the nearest
 * without it; the biggest that fits with it, a UserError with exit code 1 when none does), else the checkpoint the
 * engine reads (src/deploy/stored-weights.ts), with the attention shape when the config has the dimensions.
 */
export function servedWeights(view: RecordView, engine: EngineKey, memory: number | undefined): ServedWeights {
  if (engine !== "llama.cpp") {
    const weights = storedWeights(view);
    const demand = { weights, shape: recordAttentionShape(view), modelType: modelTypeOf(view), library: view.library };
    return { demand, estimated: weights.fromParameters };
  }
  const choice = chooseAmongQuants({ id: view.id, parameters: view.gguf.parameters }, view.gguf.quants, memory === undefined ? {} : { memory });
  const quant = chosenQuant(view, choice);
  const file = choice.firstFile;
  const sized = quant === undefined ? undefined : quantBytes(view, quant);
  const weights = {
    format: "gguf" as const,
    bytes: sized?.bytes,
    fromParameters: sized?.estimated ?? false,
    bytesPerValue: undefined,
    parameters: view.gguf.parameters,
    bfloat16: false,
    quantMethod: undefined,
    adapterOf: undefined,
  };
  const served: ServedWeights = { demand: { weights, shape: undefined, modelType: undefined }, estimated: weights.fromParameters };
  if (quant !== undefined && file !== undefined && choice.chosen !== undefined) served.quant = { label: choice.chosen, file };
  return served;
}
