import type { RecordView } from "../model/view.js";

/*
 * What a serving engine sizes its KV cache from: the layers, the KV heads and their size per token (with
 * sliding-window layers and multi-head latent attention where the config says so), and the context the model
 * takes. Read from the record's `config` when it carries config.json's dimensions; the Hub's model API sends only
 * `architectures`, `model_type` and a few more, so most records have none, and the memory model then reserves an
 * allowance instead (src/deploy/memory-model.ts).
 */

export interface AttentionShape {
  layers: number;
  /** The layers that attend within a window only: the engine keeps the window's tokens for them, no more. */
  slidingLayers: number;
  slidingWindow: number | undefined;
  /** KV heads per layer (1 for multi-head latent attention, whose one latent stands for every head). */
  kvHeads: number;
  /** Values per head and token: head_dim, or kv_lora_rank + qk_rope_head_dim for latent attention. */
  headSize: number;
  /** 2 for a key and a value per head, 1 for latent attention's single latent. */
  tensors: 1 | 2;
  /** Query heads, which tensor parallelism must divide. */
  attentionHeads: number;
  /** The context the engine derives from the config (vLLM's rule, maxContextOf), when the config says. */
  maxContext: number | undefined;
}

type Config = Readonly<Record<string, unknown>>;

const positive = (value: unknown): number | undefined => (typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined);
const first = (config: Config, keys: readonly string[]): number | undefined => {
  for (const key of keys) {
    const value = positive(config[key]);
    if (value !== undefined) return value;
  }
  return undefined;
};
const objectIn = (value: unknown): Config | undefined => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Config) : undefined);

/** The keys vLLM reads the context from, the smallest present winning (vllm/config/model.py, _get_and_verify_max_len). */
const contextKeys = [
  "max_position_embeddings",
  "n_positions",
  "max_seq_len",
  "seq_length",
  "model_max_length",
  "max_sequence_length",
  "max_seq_length",
  "seq_len",
];
/** RoPE scalings whose factor vLLM does not multiply the context by: the config's context already counts it. */
const unscaledRope: ReadonlySet<string> = new Set(["su", "longrope", "llama3", "default", "mrope"]);

/** The context vLLM derives from a config: the smallest of its context keys, times a RoPE scaling's factor. */
export function maxContextOf(config: Config): number | undefined {
  const lengths = contextKeys.map((key) => positive(config[key])).filter((length): length is number => length !== undefined);
  if (lengths.length === 0) return undefined;
  let context = Math.min(...lengths);
  const rope = objectIn(config["rope_scaling"]);
  const type = rope?.["rope_type"] ?? rope?.["type"];
  const factor = rope?.["factor"];
  if (rope !== undefined && typeof type === "string" && !unscaledRope.has(type) && typeof factor === "number" && factor > 1) {
    const original = type === "yarn" ? positive(rope["original_max_position_embeddings"]) : undefined;
    context = Math.floor((original ?? context) * factor);
  }
  return context;
}

/** How many layers attend within a window: from layer_types, else every layer but each sliding_window_pattern-th. */
function slidingLayersOf(config: Config, layers: number): number {
  const window = positive(config["sliding_window"]);
  if (window === undefined || config["use_sliding_window"] === false) return 0;
  const types = config["layer_types"];
  if (Array.isArray(types)) return types.filter((type) => type === "sliding_attention").length;
  const pattern = positive(config["sliding_window_pattern"]);
  if (pattern !== undefined) return layers - Math.floor(layers / pattern);
  // A window with no layer pattern: taken as full attention, which sizes the cache on the safe side.
  return 0;
}

/** The text model's part of a config (a vision-language model nests it under text_config). */
function textConfigOf(config: Config): Config {
  const text = objectIn(config["text_config"]) ?? objectIn(config["llm_config"]);
  return text === undefined ? config : { ...config, ...text };
}

/** The attention shape of a config, when it has the dimensions; undefined otherwise. */
export function attentionShapeOf(raw: Config): AttentionShape | undefined {
  const config = textConfigOf(raw);
  const layers = first(config, ["num_hidden_layers", "n_layer", "num_layers"]);
  const attentionHeads = first(config, ["num_attention_heads", "n_head"]);
  if (layers === undefined || attentionHeads === undefined) return undefined;
  const slidingLayers = slidingLayersOf(config, layers);
  const shared = {
    layers,
    attentionHeads,
    slidingLayers,
    slidingWindow: slidingLayers > 0 ? positive(config["sliding_window"]) : undefined,
    maxContext: maxContextOf(config),
  };
  const rank = positive(config["kv_lora_rank"]);
  const rope = positive(config["qk_rope_head_dim"]);
  if (rank !== undefined && rope !== undefined) return { ...shared, kvHeads: 1, headSize: rank + rope, tensors: 1 };
  const hidden = first(config, ["hidden_size", "n_embd", "d_model"]);
  const headSize = positive(config["head_dim"]) ?? (hidden === undefined ? undefined : hidden / attentionHeads);
  if (headSize === undefined || !Number.isInteger(headSize)) return undefined;
  // Falcon's multi-query models have one KV head, though transformers saves num_kv_heads beside multi_query.
  const multiQuery = config["multi_query"] === true && config["new_decoder_architecture"] !== true;
  const kvHeads = multiQuery ? 1 : (first(config, ["num_key_value_heads", "num_kv_heads"]) ?? attentionHeads);
  return { ...shared, kvHeads, headSize, tensors: 2 };
}

/** The record's attention shape, when its config carries the dimensions. */
export const recordAttentionShape = (view: RecordView): AttentionShape | undefined => {
  const config = view.record.config;
  return config === undefined || config === null ? undefined : attentionShapeOf(config);
};

/**
 * The bytes of KV cache `tokens` tokens take on `gpus` GPUs: 2 (key and value, 1 for a latent) × KV heads × head
 * size × the cache's bytes per value, for every full-attention layer at every token and every sliding layer at the
 * window's tokens at most. With tensor parallelism each GPU holds its share of the KV heads, and a whole head
 * where there are fewer heads than GPUs (vLLM replicates them).
 */
export function kvCacheBytes(shape: AttentionShape, tokens: number, bytesPerValue: number, gpus = 1): number {
  const headsPerGpu = Math.max(1, Math.ceil(shape.kvHeads / gpus));
  const perLayerToken = shape.tensors * headsPerGpu * gpus * shape.headSize * bytesPerValue;
  const fullLayers = shape.layers - shape.slidingLayers;
  const slidingTokens = Math.min(tokens, shape.slidingWindow ?? tokens);
  return perLayerToken * (fullLayers * tokens + shape.slidingLayers * slidingTokens);
}
