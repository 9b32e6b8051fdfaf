import { kvCacheBytes, type AttentionShape } from "./attention-shape.js";
import type { EngineRules, WeightsDtype } from "./schema.js";
import type { StoredWeights } from "./stored-weights.js";

/*
 * Whether a machine starts an engine with a model, as the engine allocates: the weights in the dtype it loads them
 * in on that device, its own overhead per GPU, and the KV cache of the context it is started with, within the share
 * of memory it takes (vLLM's gpu_memory_utilization); the compute capability its quantization and dtype need; one
 * GPU unless it spreads a model over several, and then a count that divides the attention heads. The rules are
 * the engine's row of data/deploy/engine-rules.json; the machine is any target's (src/deploy/fit.ts lists them).
 */

/** A machine of any target's table, as the memory model sees it. */
export interface Machine {
  accelerator: "cpu" | "gpu";
  /** GPUs; 1 for a CPU instance. */
  gpus: number;
  /** Bytes: the GPUs' memory together, or a CPU instance's RAM. */
  memoryBytes: number;
  /** The GPUs' compute capability; undefined for a CPU instance (or a GPU the table does not know). */
  capability: number | undefined;
}

/** What the model needs of a machine. */
export interface ModelDemand {
  weights: StoredWeights;
  /** The attention shape from the config; undefined when the record has no dimensions. */
  shape: AttentionShape | undefined;
  /** The config's model_type. */
  modelType: string | undefined;
  /** The record's library (some engines load one library's models in another dtype). */
  library?: string | undefined;
}

/** The context the model gets: a number of tokens, or the engine's own fit to memory (vLLM's `auto`). */
type ContextSetting = { tokens: number } | { auto: string } | undefined;

export type MachineFit =
  | {
      fits: true;
      weightBytes: number;
      overheadBytes: number;
      kvBytes: number;
      /** The KV cache was sized from the model's dimensions, not reserved as an allowance. */
      kvSized: boolean;
      context: ContextSetting;
      capacity: number;
    }
  | { fits: false; why: string };

/** The context hub-snippets sizes a machine for at least: 8,192 tokens, or the model's own when shorter. */
const minimumContext = 8192;
/** Without the model's dimensions: the KV cache's allowance, 20% of the weights (at least 0.5 GB), and the engine fits the context to it. */
export const allowanceRule = "20% of the weights, at least 0.5 GB";
const allowanceFor = (weightBytes: number) => Math.max(0.5e9, weightBytes * 0.2);

/** The weights' bytes as the engine loads them on this machine (its device, and a GPU's compute capability). */
function loadedBytes(rules: EngineRules, demand: ModelDemand, machine: Machine): number | undefined {
  const { weights } = demand;
  const { bytes, bytesPerValue } = weights;
  if (bytes === undefined) return undefined;
  const dtypes = (demand.library === undefined ? undefined : rules.weightsDtypeByLibrary?.[demand.library]) ?? rules.weightsDtype;
  let dtype: WeightsDtype = (machine.accelerator === "cpu" ? dtypes.cpu : undefined) ?? dtypes.gpu;
  // Quantized weights load as they are stored, whatever the dtype of the rest.
  if (weights.quantMethod !== undefined || dtype === "stored") return bytes;
  const stored = bytesPerValue ?? 2;
  // Without bfloat16 (below its compute capability) the auto dtype is float16, or float32 for a model type that refuses it.
  const halfRefused = rules.bfloat16 !== undefined && machine.accelerator === "gpu" && (machine.capability ?? 0) < rules.bfloat16.minCapability;
  if (halfRefused && demand.modelType !== undefined && rules.float16Refused?.includes(demand.modelType)) dtype = "float32";
  if (dtype === "half") return stored > 2 ? (bytes * 2) / stored : bytes;
  return (bytes * (dtype === "float16" ? 2 : 4)) / stored;
}

/** Why the engine cannot run these weights on a machine of this capability (a CPU: undefined), or undefined when it can. */
function capabilityRefusal(rules: EngineRules, demand: ModelDemand, machine: Machine): string | undefined {
  const { weights } = demand;
  const method = weights.quantMethod;
  if (method !== undefined) {
    const needed = rules.quantization[method];
    if (needed === undefined) return `${rules.label} does not load ${method}-quantized weights`;
    if (machine.accelerator === "cpu") return `${rules.label} runs ${method}-quantized weights on a GPU only`;
    if (machine.capability === undefined || machine.capability < needed)
      return `${rules.label}'s ${method} needs compute capability ${needed.toFixed(1)} or more${machine.capability === undefined ? "" : `, and this GPU's is ${machine.capability.toFixed(1)}`}`;
  }
  const bf16 = rules.bfloat16;
  if (weights.bfloat16 && bf16?.below === "refused" && machine.accelerator === "gpu" && (machine.capability ?? 0) < bf16.minCapability)
    return `${rules.label} loads bfloat16 weights on compute capability ${bf16.minCapability.toFixed(1)} or more`;
  const flash = rules.flashOnlyModelTypes;
  if (flash !== undefined && demand.modelType !== undefined && flash.modelTypes.includes(demand.modelType)) {
    if (machine.accelerator === "cpu" || (machine.capability ?? 0) < flash.minCapability)
      return `${rules.label} runs ${demand.modelType} models on a GPU of compute capability ${flash.minCapability.toFixed(1)} or more (flash attention v2) only`;
  }
  return undefined;
}

/** The largest context up to `cap` tokens (a multiple of 256 below it) whose KV cache fits `room` bytes on `gpus` GPUs. */
function largestContext(shape: AttentionShape, rules: EngineRules, room: number, gpus: number, cap: number): number {
  const fits = (tokens: number) => kvCacheBytes(shape, tokens, rules.kvBytesPerValue, gpus) <= room;
  if (fits(cap)) return cap;
  let low = 0;
  let high = cap;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low - (low % 256);
}

/** Why the machine cannot run the model whatever its memory (GPU count, heads, compute capability), or undefined. */
export function machineRefusal(rules: EngineRules, demand: ModelDemand, machine: Machine): string | undefined {
  if (machine.accelerator === "gpu" && machine.gpus > 1) {
    if (!rules.multiGpu) return `${rules.label} runs a model on one GPU`;
    const heads = demand.shape?.attentionHeads;
    if (rules.headsDivideGpus && heads !== undefined && heads % machine.gpus !== 0)
      return `${machine.gpus} GPUs do not divide the model's ${heads} attention heads, as tensor parallelism needs`;
    const kvHeads = demand.shape?.kvHeads;
    if (rules.kvHeadsDivideGpus === true && kvHeads !== undefined && kvHeads % machine.gpus !== 0)
      return `${machine.gpus} GPUs do not divide the model's ${kvHeads} KV heads, as ${rules.label}'s sharding needs`;
  }
  return capabilityRefusal(rules, demand, machine);
}

/**
 * Whether the machine holds the model for the engine, and the context it is started with: the one asked for; else,
 * with the model's dimensions, the longest that fits up to the model's own (at least minimumContext); else the
 * engine's own fit (an allowance of the KV cache is reserved for it).
 */
export function fitMachine(rules: EngineRules, demand: ModelDemand, machine: Machine, asked: number | undefined): MachineFit {
  const refused = machineRefusal(rules, demand, machine);
  if (refused !== undefined) return { fits: false, why: refused };
  const weightBytes = loadedBytes(rules, demand, machine);
  if (weightBytes === undefined) return { fits: false, why: "the record does not say how big the weights are" };
  const overheadBytes = rules.overheadGbPerGpu * 1e9 * machine.gpus;
  const capacity = machine.memoryBytes * rules.memoryFraction;
  const room = capacity - weightBytes - overheadBytes;
  const shape = demand.shape;
  const tooSmall = (kvBytes: number, cache: string) => {
    const parts = [
      `${gb(weightBytes)} of weights as loaded`,
      `${gb(overheadBytes)} for ${rules.label} itself`,
      ...(kvBytes > 0 ? [`${gb(kvBytes)} of KV cache ${cache}`] : []),
    ];
    const share = rules.memoryFraction < 1 ? ` (${Math.round(rules.memoryFraction * 100)}% of its memory)` : "";
    return {
      fits: false as const,
      why: `too small: ${rules.label} has ${gb(capacity)}${share}, and the model needs ${gb(weightBytes + overheadBytes + kvBytes)}: ${parts.join(" + ")}`,
    };
  };
  if (rules.kvBytesPerValue === 0)
    return room >= 0 ? { fits: true, weightBytes, overheadBytes, kvBytes: 0, kvSized: true, context: undefined, capacity } : tooSmall(0, "");
  if (shape === undefined) {
    const kvBytes = allowanceFor(weightBytes);
    if (room < kvBytes) return tooSmall(kvBytes, `(${allowanceRule})`);
    const context = asked !== undefined ? { tokens: asked } : rules.context?.auto === undefined ? undefined : { auto: rules.context.auto };
    return { fits: true, weightBytes, overheadBytes, kvBytes, kvSized: false, context, capacity };
  }
  const modelContext = shape.maxContext;
  const least = asked ?? Math.min(minimumContext, modelContext ?? minimumContext);
  const leastBytes = kvCacheBytes(shape, least, rules.kvBytesPerValue, machine.gpus);
  if (room < leastBytes) return tooSmall(leastBytes, `for ${least.toLocaleString("en-US")} tokens`);
  if (asked !== undefined) return { fits: true, weightBytes, overheadBytes, kvBytes: leastBytes, kvSized: true, context: { tokens: asked }, capacity };
  if (modelContext === undefined) {
    const context = rules.context?.auto === undefined ? { tokens: least } : { auto: rules.context.auto };
    return { fits: true, weightBytes, overheadBytes, kvBytes: leastBytes, kvSized: true, context, capacity };
  }
  const tokens = Math.max(least, largestContext(shape, rules, room, machine.gpus, modelContext));
  return {
    fits: true,
    weightBytes,
    overheadBytes,
    kvBytes: kvCacheBytes(shape, tokens, rules.kvBytesPerValue, machine.gpus),
    kvSized: true,
    context: { tokens },
    capacity,
  };
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(bytes >= 100e9 ? 0 : 1)} GB`;
