import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { attentionShapeOf, kvCacheBytes, type AttentionShape } from "../../src/deploy/attention-shape.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";

/*
 * The KV-cache formula (src/deploy/attention-shape.ts) held to the cache the installed transformers allocates. Tiny
 * random models of each attention kind are built from their configs alone by test/python/kv_cache_sizes.py (one
 * process, float32 on the CPU), each runs one forward pass of 7, 64 and 300 tokens, and the bytes of the
 * past_key_values it returns are compared with kvCacheBytes(attentionShapeOf(config)) twice: for the config as
 * written (what a Hub checkpoint's config.json may carry) and as this transformers saves it (save_pretrained fills in
 * keys the class derives, such as layer_types and num_kv_heads, and a checkpoint saved by it carries them).
 *
 * Sliding layers: transformers' DynamicSlidingWindowLayer keeps the last window − 1 tokens, because the next token's
 * query attends to itself and the window − 1 before it; so it holds min(tokens, window − 1) per sliding layer where
 * we hold min(tokens, window). Ours is one token per sliding layer larger once the input reaches the window, and the
 * same below it; that token errs on the safe side, and the exact relation is asserted, not a bound.
 *
 * Multi-head latent attention: transformers 5 caches the latent itself (kv_lora_rank values as the "keys",
 * qk_rope_head_dim as the "values", one head), which is vLLM's rule, so it is held to equality like the rest
 * (4.x releases cached the decompressed per-head keys and values, which no serving engine does).
 */

const script = fileURLToPath(new URL("../python/kv_cache_sizes.py", import.meta.url));
const execFileAsync = promisify(execFile);
const tokenCounts = [7, 64, 300];

type Config = Record<string, unknown>;

/** Where transformers reads a config otherwise than we do: its shape, as a change to ours, and why. */
interface Difference {
  transformers: Partial<AttentionShape>;
  /** deliberate: our rule is the serving engine's; gap: a key transformers reads that we do not (ours is larger). */
  kind: "deliberate" | "gap";
  why: string;
}

interface Case {
  name: string;
  kind: "full" | "sliding" | "latent";
  config: Config;
  /** Differences for the config as written and as transformers saves it; none means ours must equal transformers'. */
  written?: Difference;
  saved?: Difference;
}

const small = { hidden_size: 64, intermediate_size: 128, num_hidden_layers: 2, vocab_size: 128, max_position_embeddings: 512 };
const latent = { kv_lora_rank: 32, q_lora_rank: null, qk_rope_head_dim: 16, qk_nope_head_dim: 16, v_head_dim: 16 };
const experts = {
  n_routed_experts: 4,
  num_experts_per_tok: 2,
  n_group: 1,
  topk_group: 1,
  moe_intermediate_size: 32,
  first_k_dense_replace: 1,
  n_shared_experts: 1,
};
const broadcastFalcon: Difference = {
  transformers: { kvHeads: 4 },
  kind: "deliberate",
  why: "Falcon's new decoder architecture: transformers broadcasts each KV head to its query heads before caching; vLLM caches num_kv_heads",
};
const mistralWindow: Difference = {
  transformers: { slidingLayers: 2, slidingWindow: 32 },
  kind: "deliberate",
  why: "a sliding_window without layer_types: transformers slides every layer (get_layer_types_and_kwargs); we take full attention, the safe side",
};

const cases: Case[] = [
  { name: "llama MHA", kind: "full", config: { model_type: "llama", ...small, num_attention_heads: 4, num_key_value_heads: 4 } },
  { name: "llama GQA", kind: "full", config: { model_type: "llama", ...small, num_attention_heads: 8, num_key_value_heads: 2 } },
  // A window below the input with use_sliding_window false, as Qwen2 checkpoints ship it: full attention still.
  {
    name: "qwen2 GQA, window off",
    kind: "full",
    config: {
      model_type: "qwen2",
      ...small,
      num_attention_heads: 4,
      num_key_value_heads: 2,
      use_sliding_window: false,
      sliding_window: 32,
      max_window_layers: 1,
    },
  },
  { name: "qwen3 head_dim 32 ≠ 64/4", kind: "full", config: { model_type: "qwen3", ...small, num_attention_heads: 4, num_key_value_heads: 2, head_dim: 32 } },
  { name: "gemma MQA head_dim 32", kind: "full", config: { model_type: "gemma", ...small, num_attention_heads: 4, num_key_value_heads: 1, head_dim: 32 } },
  {
    name: "gpt_bigcode multi_query",
    kind: "full",
    config: {
      model_type: "gpt_bigcode",
      n_embd: 64,
      n_head: 4,
      n_layer: 2,
      n_positions: 512,
      vocab_size: 128,
      multi_query: true,
      bos_token_id: 0,
      eos_token_id: 0,
    },
  },
  {
    name: "falcon multi_query (7B's layout)",
    kind: "full",
    // FalconConfig saves num_kv_heads = num_attention_heads beside multi_query: true; one KV head is meant.
    config: { model_type: "falcon", ...small, num_attention_heads: 4, multi_query: true, new_decoder_architecture: false },
  },
  {
    name: "falcon new_decoder_architecture",
    kind: "full",
    config: { model_type: "falcon", ...small, num_attention_heads: 4, num_kv_heads: 2, new_decoder_architecture: true },
    written: broadcastFalcon,
    saved: broadcastFalcon,
  },
  {
    name: "gemma2 layer_types, window 64",
    kind: "sliding",
    config: {
      model_type: "gemma2",
      ...small,
      num_hidden_layers: 4,
      num_attention_heads: 4,
      num_key_value_heads: 2,
      head_dim: 16,
      sliding_window: 64,
      layer_types: ["sliding_attention", "full_attention", "sliding_attention", "full_attention"],
    },
  },
  {
    name: "gemma2 without layer_types, window 64",
    kind: "sliding",
    config: { model_type: "gemma2", ...small, num_hidden_layers: 4, num_attention_heads: 4, num_key_value_heads: 2, head_dim: 16, sliding_window: 64 },
    written: {
      transformers: { slidingLayers: 2, slidingWindow: 64 },
      kind: "gap",
      why: "Gemma2Config alternates sliding and full layers when layer_types is absent (configs saved before layer_types existed)",
    },
  },
  {
    name: "gemma3_text sliding_window_pattern 3, window 100",
    kind: "sliding",
    config: {
      model_type: "gemma3_text",
      ...small,
      num_hidden_layers: 6,
      num_attention_heads: 4,
      num_key_value_heads: 1,
      head_dim: 32,
      sliding_window: 100,
      sliding_window_pattern: 3,
    },
  },
  {
    name: "gemma3_text without a pattern, window 100",
    kind: "sliding",
    config: { model_type: "gemma3_text", ...small, num_hidden_layers: 6, num_attention_heads: 4, num_key_value_heads: 1, head_dim: 32, sliding_window: 100 },
    written: {
      transformers: { slidingLayers: 5, slidingWindow: 100 },
      kind: "gap",
      why: "Gemma3TextConfig takes sliding_window_pattern 6 when neither it nor layer_types is written",
    },
  },
  {
    name: "gemma3_text layer_types, window 16",
    kind: "sliding",
    config: {
      model_type: "gemma3_text",
      ...small,
      num_hidden_layers: 3,
      num_attention_heads: 4,
      num_key_value_heads: 2,
      head_dim: 16,
      sliding_window: 16,
      layer_types: ["sliding_attention", "sliding_attention", "full_attention"],
    },
  },
  {
    name: "gemma3 nested text_config, window 16",
    kind: "sliding",
    config: {
      model_type: "gemma3",
      text_config: {
        model_type: "gemma3_text",
        ...small,
        vocab_size: 300,
        num_hidden_layers: 3,
        num_attention_heads: 4,
        num_key_value_heads: 2,
        head_dim: 16,
        sliding_window: 16,
        layer_types: ["sliding_attention", "sliding_attention", "full_attention"],
      },
      vision_config: {
        model_type: "siglip_vision_model",
        hidden_size: 32,
        intermediate_size: 64,
        num_hidden_layers: 1,
        num_attention_heads: 2,
        image_size: 28,
        patch_size: 14,
      },
      mm_tokens_per_image: 4,
      boi_token_index: 297,
      eoi_token_index: 298,
      image_token_index: 299,
    },
  },
  {
    name: "mistral window 32",
    kind: "sliding",
    config: { model_type: "mistral", ...small, num_attention_heads: 4, num_key_value_heads: 2, sliding_window: 32 },
    written: mistralWindow,
    saved: mistralWindow,
  },
  {
    name: "qwen2 use_sliding_window, max_window_layers 1",
    kind: "sliding",
    config: {
      model_type: "qwen2",
      ...small,
      num_hidden_layers: 3,
      num_attention_heads: 4,
      num_key_value_heads: 2,
      use_sliding_window: true,
      sliding_window: 32,
      max_window_layers: 1,
    },
    written: {
      transformers: { slidingLayers: 2, slidingWindow: 32 },
      kind: "gap",
      why: "Qwen2Config slides the layers from max_window_layers on when use_sliding_window is true and layer_types is absent",
    },
  },
  {
    name: "deepseek_v3 MLA",
    kind: "latent",
    config: { model_type: "deepseek_v3", ...small, num_attention_heads: 4, num_key_value_heads: 4, ...latent, ...experts },
  },
  {
    name: "deepseek_v2 MLA",
    kind: "latent",
    config: { model_type: "deepseek_v2", ...small, num_attention_heads: 4, num_key_value_heads: 4, ...latent, ...experts },
  },
];

interface Measured {
  bytes: number;
  bytesPerValue: number | null;
  layers: { cache: string; keys: number[] | null; values: number[] | null }[];
  saved: Config;
}

/** What transformers keeps for a shape: every token of a full layer, min(tokens, window − 1) of a sliding one. */
const transformersRule = (shape: AttentionShape, tokens: number, bytesPerValue: number): number =>
  kvCacheBytes(shape.slidingWindow === undefined ? shape : { ...shape, slidingWindow: shape.slidingWindow - 1 }, tokens, bytesPerValue);

/** The layout of transformers' cache, in our shape's terms: layers, sliding layers, KV heads, values per token. */
function layoutOf(measured: Measured) {
  const unique = (values: number[]) => [...new Set(values)];
  return {
    layers: measured.layers.length,
    slidingLayers: measured.layers.filter((layer) => layer.cache.includes("Sliding")).length,
    kvHeads: unique(measured.layers.map((layer) => layer.keys?.[1] ?? 0)),
    valuesPerToken: unique(measured.layers.map((layer) => (layer.keys?.[3] ?? 0) + (layer.values?.[3] ?? 0))),
  };
}

const available = venvHas(["torch", "transformers"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries");

describe.skipIf(!available)("the KV-cache formula against the cache transformers allocates", () => {
  const runs = cases.flatMap((entry) => tokenCounts.map((tokens) => ({ entry, tokens })));
  let oracle: { transformers: string; dtype: string; results: Measured[] } | undefined;
  let failed = "";

  beforeAll(async () => {
    const env = { ...process.env, HF_HUB_OFFLINE: "1", TRANSFORMERS_VERBOSITY: "error" };
    try {
      const child = execFileAsync(librariesPython, [script], { env, maxBuffer: 16 * 1024 * 1024, timeout: 120_000 });
      child.child.stdin?.end(JSON.stringify(runs.map(({ entry, tokens }) => ({ config: entry.config, tokens }))));
      oracle = JSON.parse((await child).stdout) as typeof oracle;
    } catch (error) {
      failed = `kv_cache_sizes.py failed: ${String((error as { stderr?: string }).stderr ?? error).slice(-2000)}`;
    }
  }, 180_000);

  /** Every run of a kind with ours, transformers' number and the shape transformers' cache has, for both configs. */
  function compared(kind: Case["kind"]) {
    return runs.flatMap(({ entry, tokens }, index) => {
      if (entry.kind !== kind) return [];
      const measured = oracle!.results[index]!;
      const bytesPerValue = measured.bytesPerValue!;
      return (["written", "saved"] as const).map((form) => {
        const shape = attentionShapeOf(form === "written" ? entry.config : measured.saved);
        const difference = entry[form];
        const theirs = shape === undefined ? undefined : { ...shape, ...difference?.transformers };
        return { label: `${entry.name} (${form}), ${tokens} tokens`, entry, tokens, measured, bytesPerValue, shape, theirs, difference };
      });
    });
  }

  /** Ours equals transformers' allocation through the window − 1 rule, and the layout matches the shape it assumes. */
  function holds(kind: Case["kind"]) {
    for (const { label, tokens, measured, bytesPerValue, shape, theirs, difference } of compared(kind)) {
      expect(shape, label).toBeDefined();
      const ours = kvCacheBytes(shape!, tokens, bytesPerValue);
      expect(layoutOf(measured), label).toEqual({
        layers: theirs!.layers,
        slidingLayers: theirs!.slidingLayers,
        kvHeads: [theirs!.kvHeads],
        valuesPerToken: [theirs!.tensors * theirs!.headSize],
      });
      expect({ label, bytes: measured.bytes }).toEqual({ label, bytes: transformersRule(theirs!, tokens, bytesPerValue) });
      if (difference === undefined) expect(shape, label).toEqual(theirs);
      else expect(shape, `${label}: the difference listed is a real one`).not.toEqual(theirs);
      if (difference?.kind === "gap") expect(ours, `${label}: a gap must err on the large side`).toBeGreaterThanOrEqual(measured.bytes);
    }
  }

  it("builds every config and measures its cache, in one bytes-per-value", () => {
    expect(failed).toBe("");
    expect(oracle!.results).toHaveLength(runs.length);
    expect(new Set(oracle!.results.map((result) => result.bytesPerValue))).toEqual(new Set([4]));
    // Each listed difference is held to be real, and exactly what it says, by the checks below.
    const listed = cases.flatMap((entry) =>
      (["written", "saved"] as const).flatMap((form) =>
        entry[form] === undefined ? [] : [`${entry.name} (${form}, ${entry[form].kind}): ${entry[form].why}`],
      ),
    );
    console.log(
      `kv cache: ${cases.length} configs × ${tokenCounts.length} token counts, as written and as saved, against transformers ${oracle!.transformers} (${oracle!.dtype}), ${listed.length} differences${listed.map((line) => `\n  - ${line}`).join("")}`,
    );
  });

  it("full attention (MHA, GQA, an explicit head_dim, multi-query): ours is what transformers allocates", () => {
    holds("full");
  });

  it("sliding layers: transformers keeps min(tokens, window − 1) of them, ours min(tokens, window): one token more once the input reaches the window", () => {
    holds("sliding");
    let reached = 0;
    for (const { label, tokens, measured, bytesPerValue, shape, difference } of compared("sliding")) {
      if (difference !== undefined) continue;
      const perLayerToken = shape!.tensors * shape!.kvHeads * shape!.headSize * bytesPerValue;
      const extra = tokens >= shape!.slidingWindow! ? 1 : 0;
      reached += extra;
      expect(kvCacheBytes(shape!, tokens, bytesPerValue) - measured.bytes, label).toBe(shape!.slidingLayers * perLayerToken * extra);
    }
    // The token counts fall on both sides of the windows (16, 64, 100), and on one (64 tokens, window 64).
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(compared("sliding").filter(({ difference }) => difference === undefined).length);
  });

  it("multi-head latent attention: ours is vLLM's rule (kv_lora_rank + qk_rope_head_dim per layer and token, no factor 2), which transformers 5 caches", () => {
    holds("latent");
    for (const { label, entry, tokens, bytesPerValue, shape } of compared("latent")) {
      const layers = entry.config["num_hidden_layers"] as number;
      expect(kvCacheBytes(shape!, tokens, bytesPerValue), label).toBe(layers * tokens * (latent.kv_lora_rank + latent.qk_rope_head_dim) * bytesPerValue);
    }
  });
});
