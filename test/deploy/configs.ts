import type { ModelRecord } from "../../src/model/record.js";

/*
 * The dimensions of a few models' config.json files (their public values), which the Hub's model API leaves out of a
 * record's `config`: added with withConfig where a test needs the memory model to read them.
 */

type Config = Record<string, unknown>;

const llamaRope = { rope_type: "llama3", factor: 8, original_max_position_embeddings: 8192 };

export const configs = {
  llama31_8b: {
    model_type: "llama",
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    hidden_size: 4096,
    head_dim: 128,
    max_position_embeddings: 131_072,
    rope_scaling: llamaRope,
  },
  llama33_70b: {
    model_type: "llama",
    num_hidden_layers: 80,
    num_attention_heads: 64,
    num_key_value_heads: 8,
    hidden_size: 8192,
    max_position_embeddings: 131_072,
    rope_scaling: llamaRope,
  },
  qwen25_7b: {
    model_type: "qwen2",
    num_hidden_layers: 28,
    num_attention_heads: 28,
    num_key_value_heads: 4,
    hidden_size: 3584,
    max_position_embeddings: 32_768,
    sliding_window: 131_072,
    use_sliding_window: false,
  },
  deepseekV3: {
    model_type: "deepseek_v3",
    num_hidden_layers: 61,
    num_attention_heads: 128,
    num_key_value_heads: 128,
    hidden_size: 7168,
    kv_lora_rank: 512,
    qk_rope_head_dim: 64,
    max_position_embeddings: 163_840,
    quantization_config: { quant_method: "fp8" },
  },
  gptOss120b: {
    model_type: "gpt_oss",
    num_hidden_layers: 36,
    num_attention_heads: 64,
    num_key_value_heads: 8,
    head_dim: 64,
    hidden_size: 2880,
    sliding_window: 128,
    layer_types: Array.from({ length: 36 }, (_, index) => (index % 2 === 0 ? "sliding_attention" : "full_attention")),
    max_position_embeddings: 131_072,
    quantization_config: { quant_method: "mxfp4" },
  },
  gemma3_27b: {
    model_type: "gemma3",
    text_config: {
      model_type: "gemma3_text",
      num_hidden_layers: 62,
      num_attention_heads: 32,
      num_key_value_heads: 16,
      head_dim: 128,
      hidden_size: 5376,
      sliding_window: 1024,
      sliding_window_pattern: 6,
      max_position_embeddings: 131_072,
    },
  },
} satisfies Record<string, Config>;

/** The record with these config.json fields added to its `config`. */
export const withConfig = (record: ModelRecord, config: Config): ModelRecord => ({ ...record, config: { ...(record.config ?? {}), ...config } }) as ModelRecord;
