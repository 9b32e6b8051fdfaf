import { describe, expect, it } from "vitest";
import { attentionShapeOf, kvCacheBytes, maxContextOf } from "../../src/deploy/attention-shape.js";
import { getDeploySnippets, type DeployOptions } from "../../src/deploy/deploy.js";
import type { ModelRecord } from "../../src/model/record.js";
import { configs, withConfig } from "./configs.js";
import { example, sized } from "./records.js";

/*
 * One expectation per rule of the serving engines (data/deploy/engine-rules.json and the memory model that reads
 * it, src/deploy/memory-model.ts), on records shaped as the Hub sends them with config.json's dimensions added
 * where a rule reads them (./configs.ts). Issue 63's cases: each one an endpoint that would not have started.
 */

const endpoints = (record: ModelRecord, options: DeployOptions = {}) => getDeploySnippets(record, { target: "endpoints", ...options });
const planOf = (record: ModelRecord, options: DeployOptions = {}) => {
  const answer = endpoints(record, options);
  if (answer.plans[0] === undefined) throw new Error(`no plan for ${record.id}: ${JSON.stringify(answer.missing)}`);
  return { plan: answer.plans[0], content: answer.snippets[0]?.content ?? "", notes: answer.notes };
};
const contextOf = (content: string) => /"--max-model-len",\s*"(\w+)"/.exec(content)?.[1];

describe("the KV cache", () => {
  it("holds 2 × KV heads × head size × bytes per layer and token with full attention (Llama 3.1 8B: 128 KiB a token)", () => {
    const shape = attentionShapeOf(configs.llama31_8b)!;
    expect(kvCacheBytes(shape, 1, 2)).toBe(131_072);
    expect(kvCacheBytes(shape, 131_072, 2)).toBe(131_072 * 131_072);
  });

  it("holds one latent of kv_lora_rank + qk_rope_head_dim per layer and token with multi-head latent attention (DeepSeek V3)", () => {
    const shape = attentionShapeOf(configs.deepseekV3)!;
    expect(shape).toMatchObject({ kvHeads: 1, headSize: 576, tensors: 1 });
    expect(kvCacheBytes(shape, 1, 2)).toBe(61 * 576 * 2);
  });

  it("keeps a sliding layer's window only (gpt-oss: half its layers attend within 128 tokens)", () => {
    const shape = attentionShapeOf(configs.gptOss120b)!;
    expect(shape.slidingLayers).toBe(18);
    const full = 18 * 2 * 8 * 64 * 2;
    expect(kvCacheBytes(shape, 10_000, 2)).toBe(full * 10_000 + 18 * 2 * 8 * 64 * 2 * 128);
  });

  it("reads the text model of a vision-language config, and Gemma 3's pattern of one full layer in six", () => {
    const shape = attentionShapeOf(configs.gemma3_27b)!;
    expect(shape).toMatchObject({ layers: 62, slidingLayers: 62 - 10, slidingWindow: 1024, kvHeads: 16, headSize: 128 });
  });

  it("replicates KV heads when there are fewer than the GPUs (vLLM's get_num_kv_heads)", () => {
    const shape = attentionShapeOf(configs.qwen25_7b)!;
    expect(kvCacheBytes(shape, 1, 2, 8)).toBe(2 * kvCacheBytes(shape, 1, 2, 1));
  });

  it("takes vLLM's context: the smallest context key, a YaRN factor on the original context, none for llama3's scaling", () => {
    expect(maxContextOf(configs.llama31_8b)).toBe(131_072);
    expect(maxContextOf({ max_position_embeddings: 32_768, rope_scaling: { type: "yarn", factor: 4, original_max_position_embeddings: 32_768 } })).toBe(
      131_072,
    );
    expect(maxContextOf({ max_position_embeddings: 4096, seq_length: 2048 })).toBe(2048);
  });
});

describe("vLLM's context (issue 63, 1)", () => {
  it("sets --max-model-len to the longest context the chosen GPU holds: Llama 3.1 8B on one L4, not its 131,072", () => {
    const { plan, content } = planOf(withConfig(example("llama-3.1-8b-instruct"), configs.llama31_8b));
    expect(plan.instance.name).toBe("nvidia-l4-x1");
    const tokens = Number(contextOf(content));
    // 24 GB × 0.92 − 16.06 GB of weights − 2 GB = 4.02 GB of KV cache at 128 KiB a token.
    expect(tokens).toBeGreaterThan(8192);
    expect(tokens).toBeLessThan(32_768);
    expect(content).toContain("the context the hardware was sized for");
  });

  it("gives the model its whole context where the cheapest instance holds it", () => {
    const { plan, content } = planOf(withConfig(example("llama-3.1-8b-instruct"), configs.llama31_8b), { instance: "nvidia-a100-x1" });
    expect(plan.instance.name).toBe("nvidia-a100-x1");
    expect(contextOf(content)).toBe("131072");
  });

  it("sizes Llama 3.3 70B for its context on 4 × L40S, and sets it", () => {
    const record = withConfig(sized("meta-llama/Llama-3.3-70B-Instruct", "text-generation", "transformers", 70_553_706_496), configs.llama33_70b);
    const { plan, content } = planOf(record);
    expect(plan.instance.name).toBe("nvidia-l40s-x4");
    expect(Number(contextOf(content))).toBeGreaterThanOrEqual(8192);
  });

  it("lets vLLM fit the context itself (--max-model-len auto) when the record has no dimensions, and says so", () => {
    const { content } = planOf(example("llama-3.1-8b-instruct"));
    expect(contextOf(content)).toBe("auto");
    expect(content).toMatch(/20% of the weights, at least 0.5 GB: the record has no dimensions/);
  });

  it("takes --context, sizes for it, and refuses one longer than the model's", () => {
    const record = withConfig(example("llama-3.1-8b-instruct"), configs.llama31_8b);
    const { plan, content } = planOf(record, { context: 131_072 });
    expect(contextOf(content)).toBe("131072");
    expect(plan.instance.name).not.toBe("nvidia-l4-x1");
    expect(endpoints(record, { context: 200_000 }).missing.endpoints).toMatch(/--context 200000 is longer than the model's context, 131,072 tokens/);
  });
});

describe("compute capability (issue 63, 2)", () => {
  const fp8 = withConfig(
    sized("acme/chat-fp8", "text-generation", "transformers", 8e9, { safetensors: { parameters: { F8_E4M3: 8e9 }, total: 8e9 } } as Partial<ModelRecord>),
    {
      ...configs.llama31_8b,
      quantization_config: { quant_method: "fp8" },
    },
  );

  it("never puts an FP8 checkpoint on a T4 (vLLM's Fp8Config needs 8.0)", () => {
    expect(planOf(fp8).plan.instance.name).not.toMatch(/^nvidia-t4/);
    expect(endpoints(fp8, { instance: "nvidia-t4-x1" }).missing.endpoints).toMatch(/fp8 needs compute capability 8.0 or more, and this GPU's is 7.5/);
    expect(getDeploySnippets(fp8, { target: "sagemaker", instance: "ml.g4dn.xlarge" }).missing.sagemaker).toMatch(/fp8 needs compute capability 8.0/);
  });

  it("refuses a quantization method the engine does not load", () => {
    const exl2 = withConfig(sized("acme/chat-exl2", "text-generation", "transformers", 8e9), {
      ...configs.llama31_8b,
      quantization_config: { quant_method: "exl2" },
    });
    expect(endpoints(exl2).missing.endpoints).toMatch(/vLLM does not load exl2-quantized weights/);
  });

  it("loads Gemma 2's bfloat16 in float32 below compute capability 8.0, where vLLM refuses its float16", () => {
    const gemma = withConfig(sized("google/gemma-2-2b-it", "text-generation", "transformers", 2.6e9), {
      model_type: "gemma2",
      num_hidden_layers: 26,
      num_attention_heads: 8,
      num_key_value_heads: 4,
      head_dim: 256,
      hidden_size: 2304,
      max_position_embeddings: 8192,
    });
    const message = endpoints(gemma, { instance: "nvidia-t4-x1" }).missing.endpoints ?? "";
    expect(message).toMatch(/10.4 GB of weights as loaded/);
  });
});

describe("repositories no engine loads (issue 63, 3)", () => {
  it("refuses an ONNX-only transformers.js repository", () => {
    const onnx = {
      id: "onnx-community/Qwen2.5-0.5B-Instruct",
      pipeline_tag: "text-generation",
      library_name: "transformers.js",
      tags: ["transformers.js", "onnx"],
      siblings: ["config.json", "onnx/model.onnx", "onnx/model_q4.onnx", "onnx/model_fp16.onnx"].map((rfilename) => ({ rfilename, size: 1e8 })),
    } as ModelRecord;
    for (const target of ["endpoints", "sagemaker", "vertex", "azure"])
      expect(getDeploySnippets(onnx, { target }).missing[target as "endpoints"]).toMatch(/ONNX files only/);
  });

  it("refuses a PEFT adapter, naming its base model", () => {
    const adapter = {
      id: "acme/llama-lora",
      pipeline_tag: "text-generation",
      library_name: "peft",
      tags: ["peft", "lora"],
      cardData: { base_model: "meta-llama/Llama-3.1-8B-Instruct" },
      siblings: [{ rfilename: "adapter_config.json" }, { rfilename: "adapter_model.safetensors", size: 1.6e8 }],
    } as ModelRecord;
    expect(endpoints(adapter).missing.endpoints).toMatch(/PEFT adapter .* deploy its base model, meta-llama\/Llama-3.1-8B-Instruct,/);
  });

  it("refuses a diffusers task the toolkit does not load, and puts text-to-image on a GPU", () => {
    const edit = { ...example("flux.1-dev"), id: "acme/flux-kontext", pipeline_tag: "image-to-image" } as ModelRecord;
    expect(endpoints(edit).missing.endpoints).toMatch(/diffusers pipelines for text-to-image only, not for task 'image-to-image'/);
    // On a GPU the toolkit loads a diffusers pipeline in 16 bits (33.7 GB of FLUX.1-dev's components), not float32.
    const flux = planOf(example("flux.1-dev"));
    expect(flux.plan.instance.name).toBe("nvidia-l40s-x1");
    expect(flux.content).toContain("33.74 GB of weights as loaded");
  });
});

describe("weights as the engine loads them (issue 63, 5 and 6)", () => {
  it("sizes the toolkit on a CPU for float32: whisper-large-v3-turbo's 1.6 GB of float16 do not go on 4 GB", () => {
    const turbo = {
      ...example("whisper-large-v3"),
      id: "openai/whisper-large-v3-turbo",
      safetensors: { parameters: { F16: 808_878_080 }, total: 808_878_080 },
      siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors", size: 1_617_824_864 }],
    } as ModelRecord;
    const { plan } = planOf(turbo);
    expect(plan.instance.memoryGb).toBeGreaterThan(4);
  });

  it("counts the weights at the root only: gpt-oss-120b's original/ copy does not double it, and one A100 holds it", () => {
    const shards = Array.from({ length: 15 }, (_, index) => ({ rfilename: `model-${String(index).padStart(5, "0")}-of-00014.safetensors`, size: 4.35e9 }));
    const copy = Array.from({ length: 7 }, (_, index) => ({ rfilename: `original/model--0000${index}-of-00007.safetensors`, size: 9.3e9 }));
    const record = withConfig(
      sized("openai/gpt-oss-120b", "text-generation", "transformers", 120_412_337_472, {
        siblings: [{ rfilename: "config.json" }, ...shards, ...copy],
      } as Partial<ModelRecord>),
      configs.gptOss120b,
    );
    const { plan, content } = planOf(record);
    expect(plan.instance.name).toBe("nvidia-a100-x1");
    expect(contextOf(content)).toBe("131072");
  });
});

describe("GPUs and engines (issue 63, 8)", () => {
  const big = sized("acme/big-classifier", "text-classification", "transformers", 70e9);

  it("never gives an engine that runs on one GPU a machine of several, on any target", () => {
    expect(endpoints(big, { instance: "nvidia-l40s-x4" }).missing.endpoints).toMatch(/runs a model on one GPU/);
    expect(endpoints(big).missing.endpoints).toMatch(/no aws machine/);
    const embeddings = sized("acme/embed", "feature-extraction", "sentence-transformers", 7e9);
    expect(getDeploySnippets(embeddings, { target: "sagemaker", instance: "ml.g5.12xlarge" }).missing.sagemaker).toMatch(/runs a model on one GPU/);
    expect(getDeploySnippets(embeddings, { target: "azure", instance: "Standard_NC48ads_A100_v4" }).missing.azure).toMatch(/runs a model on one GPU/);
  });

  it("gives tensor parallelism a GPU count that divides the attention heads, and TGI one that divides the KV heads", () => {
    const qwen = withConfig(sized("Qwen/Qwen2.5-7B-Instruct", "text-generation", "transformers", 7.6e9), configs.qwen25_7b);
    expect(endpoints(qwen, { instance: "nvidia-a100-x8" }).missing.endpoints).toMatch(/8 GPUs do not divide the model's 28 attention heads/);
    expect(getDeploySnippets(qwen, { target: "sagemaker", instance: "ml.g5.12xlarge" }).missing.sagemaker).toBeUndefined();
    expect(getDeploySnippets(qwen, { target: "sagemaker", instance: "ml.g5.48xlarge" }).missing.sagemaker).toMatch(
      /do not divide the model's 28 attention heads/,
    );
  });
});

describe("what the code runs", () => {
  it("serves vLLM's model under the id the call names, and trusts a repository's own code only where the config maps some", () => {
    const { content } = planOf(example("llama-3.1-8b-instruct"));
    expect(content).toMatch(/"--served-model-name",\s*"meta-llama\/Llama-3.1-8B-Instruct"/);
    expect(content).not.toContain("--trust-remote-code");
    const custom = withConfig(sized("acme/custom-chat", "text-generation", "transformers", 1e9), {
      model_type: "custom",
      auto_map: { AutoModelForCausalLM: "modeling.Custom" },
    });
    expect(planOf(custom).content).toContain('"--trust-remote-code"');
  });

  it("gives a custom-code embeddings model TEI does not run to the toolkit, trusting its code (jina-embeddings-v3)", () => {
    const jina = withConfig(sized("jinaai/jina-embeddings-v3", "feature-extraction", "transformers", 572_310_396), {
      model_type: "xlm-roberta",
      auto_map: { AutoModel: "jinaai/xlm-roberta-flash-implementation--modeling_lora.XLMRobertaLoRA" },
    });
    const { plan, content } = planOf(jina);
    expect(plan.engine.key).toBe("toolkit");
    expect(content).toContain('env={"HF_TRUST_REMOTE_CODE": "1"}');
  });

  it("sets TGI's context on SageMaker from the dimensions, and leaves TGI to size it without them", () => {
    const sized8b = withConfig(example("llama-3.1-8b-instruct"), configs.llama31_8b);
    const boto3 = getDeploySnippets(sized8b, { target: "sagemaker", client: "boto3" }).snippets[0]?.content ?? "";
    const total = Number(/"MAX_TOTAL_TOKENS": "(\d+)"/.exec(boto3)?.[1]);
    expect(total).toBeGreaterThanOrEqual(8192);
    expect(boto3).toContain(`"MAX_INPUT_TOKENS": "${total - 1}"`);
    // The SageMaker SDK's form passes the same environment to its container.
    const builder = getDeploySnippets(sized8b, { target: "sagemaker", client: "sagemaker" }).snippets[0]?.content ?? "";
    expect(builder).toMatch(new RegExp(`env_vars=\\{\\s*"MAX_INPUT_TOKENS": "${total - 1}",\\s*"MAX_TOTAL_TOKENS": "${total}"`));
    const plain = getDeploySnippets(example("llama-3.1-8b-instruct"), { target: "sagemaker", client: "boto3" }).snippets[0]?.content ?? "";
    expect(plain).not.toContain("MAX_TOTAL_TOKENS");
  });
});
