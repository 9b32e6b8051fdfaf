import type { EngineRules } from "../../src/deploy/schema.js";

/*
 * An engine's start-up checks, as data/deploy/engine-rules.json states them, written here apart from
 * src/deploy/memory-model.ts so that the tests hold the hardware choice to the rules rather than to itself: vLLM's
 * check_enough_kv_cache_memory (one request of the context set must fit the KV cache left after the weights within
 * its share of the memory), the compute capability of a quantization and of bfloat16, one GPU or heads that divide.
 */

export interface TestModel {
  /** Bytes of the checkpoint as stored, and of one value. */
  bytes: number;
  bytesPerValue: number;
  quantMethod?: string;
  bfloat16?: boolean;
  modelType?: string;
  /** Per layer and token, bytes of K and V (all heads, unsplit), for full and sliding layers. */
  attention?: { layers: number; slidingLayers: number; window: number; kvHeads: number; headSize: number; tensors: number; heads: number };
}

export interface TestMachine {
  gpus: number;
  memoryBytes: number;
  capability: number | undefined;
  cpu: boolean;
}

const weightsOn = (rules: EngineRules, model: TestModel, machine: TestMachine): number => {
  if (model.quantMethod !== undefined) return model.bytes;
  const parameters = model.bytes / model.bytesPerValue;
  let mode = machine.cpu ? (rules.weightsDtype.cpu ?? rules.weightsDtype.gpu) : rules.weightsDtype.gpu;
  const noHalf = !machine.cpu && rules.bfloat16 !== undefined && (machine.capability ?? 0) < rules.bfloat16.minCapability;
  if (noHalf && rules.float16Refused?.includes(model.modelType ?? "")) mode = "float32";
  if (mode === "stored") return model.bytes;
  if (mode === "half") return parameters * Math.min(2, model.bytesPerValue);
  return parameters * (mode === "float16" ? 2 : 4);
};

/** Bytes of the KV cache of `tokens` on `gpus` GPUs (KV heads replicated where fewer than the GPUs). */
export function testKvBytes(attention: NonNullable<TestModel["attention"]>, tokens: number, bytesPerValue: number, gpus: number): number {
  const heads = attention.kvHeads >= gpus ? attention.kvHeads : gpus;
  const perToken = attention.tensors * heads * attention.headSize * bytesPerValue;
  return perToken * ((attention.layers - attention.slidingLayers) * tokens + attention.slidingLayers * Math.min(tokens, attention.window));
}

/** Whether the engine starts on the machine with the model and this context (undefined: an allowance is reserved). */
export function startsUp(rules: EngineRules, model: TestModel, machine: TestMachine, context: number | undefined): boolean {
  if (machine.gpus > 1 && !machine.cpu) {
    if (!rules.multiGpu) return false;
    if (rules.headsDivideGpus && model.attention !== undefined && model.attention.heads % machine.gpus !== 0) return false;
    if (rules.kvHeadsDivideGpus && model.attention !== undefined && model.attention.kvHeads % machine.gpus !== 0) return false;
  }
  if (model.quantMethod !== undefined) {
    const needed = rules.quantization[model.quantMethod];
    if (needed === undefined || machine.cpu || (machine.capability ?? 0) < needed) return false;
  }
  const flash = rules.flashOnlyModelTypes;
  if (flash?.modelTypes.includes(model.modelType ?? "") && (machine.cpu || (machine.capability ?? 0) < flash.minCapability)) return false;
  const weights = weightsOn(rules, model, machine);
  const budget = machine.memoryBytes * rules.memoryFraction - rules.overheadGbPerGpu * 1e9 * machine.gpus - weights;
  if (rules.kvBytesPerValue === 0) return budget >= 0;
  if (model.attention === undefined || context === undefined) return budget >= Math.max(0.5e9, 0.2 * weights);
  return budget >= testKvBytes(model.attention, context, rules.kvBytesPerValue, machine.gpus);
}
