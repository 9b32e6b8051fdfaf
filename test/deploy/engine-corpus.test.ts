import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import type { EngineRules } from "../../src/deploy/schema.js";
import { endpointHardware, engineRules, gpuNamed, sagemakerTable } from "../../src/deploy/tables.js";
import type { ModelRecord } from "../../src/model/record.js";
import { startsUp, type TestMachine, type TestModel } from "../helpers/engine-startup.js";
import { sized } from "./records.js";

/*
 * A generated corpus of records (0.1 B to 700 B parameters; no dimensions, GQA, MHA, latent attention and sliding
 * windows; BF16, F32, FP8 and AWQ weights; file sizes, parameter counts only) held to the engines' start-up checks
 * as test/helpers/engine-startup.ts states them from the tables: every instance Inference Endpoints' and
 * SageMaker's code chooses starts the engine with the context the code sets, and no cheaper one would with the
 * least context hub-snippets sizes for (8,192 tokens, or the model's own when shorter); when the command says no
 * instance holds the model, none does.
 */

type Attention = NonNullable<TestModel["attention"]>;

interface CorpusModel {
  record: ModelRecord;
  model: TestModel;
  maxContext: number | undefined;
}

const sizes = Array.from({ length: 16 }, (_, index) => Math.round(1e8 * 7000 ** (index / 15)));

/** A plausible shape for a size: more layers and heads as it grows. */
function shapeFor(parameters: number, kind: string): { config: Record<string, unknown>; attention: Attention; maxContext: number } {
  const layers = Math.min(120, Math.max(8, Math.round(8 + 20 * Math.log10(parameters / 1e8))));
  const heads = parameters > 3e10 ? 64 : 32;
  const maxContext = parameters > 1e9 ? 131_072 : 32_768;
  const base = { num_hidden_layers: layers, num_attention_heads: heads, hidden_size: heads * 128, max_position_embeddings: maxContext };
  if (kind === "mla") {
    const config = { ...base, model_type: "deepseek_v3", num_key_value_heads: heads, kv_lora_rank: 512, qk_rope_head_dim: 64 };
    return { config, attention: { layers, slidingLayers: 0, window: 0, kvHeads: 1, headSize: 576, tensors: 1, heads }, maxContext };
  }
  if (kind === "sliding") {
    const layerTypes = Array.from({ length: layers }, (_, index) => (index % 2 === 0 ? "sliding_attention" : "full_attention"));
    const config = { ...base, model_type: "gemma3_text", num_key_value_heads: 8, head_dim: 128, sliding_window: 4096, layer_types: layerTypes };
    const sliding = layerTypes.filter((type) => type === "sliding_attention").length;
    return { config, attention: { layers, slidingLayers: sliding, window: 4096, kvHeads: 8, headSize: 128, tensors: 2, heads }, maxContext };
  }
  const kvHeads = kind === "mha" ? heads : 8;
  const config = { ...base, model_type: "llama", num_key_value_heads: kvHeads };
  return { config, attention: { layers, slidingLayers: 0, window: 0, kvHeads, headSize: 128, tensors: 2, heads }, maxContext };
}

const weightKinds = [
  { name: "BF16", dtype: "BF16", bytesPerValue: 2, quant: undefined },
  { name: "F32", dtype: "F32", bytesPerValue: 4, quant: undefined },
  { name: "FP8", dtype: "F8_E4M3", bytesPerValue: 1, quant: "fp8" },
  { name: "AWQ", dtype: "I32", bytesPerValue: 0.5, quant: "awq" },
] as const;

function corpus(): CorpusModel[] {
  const models: CorpusModel[] = [];
  for (const parameters of sizes) {
    for (const kind of ["none", "gqa", "mha", "mla", "sliding"]) {
      for (const weights of weightKinds) {
        for (const files of ["sizes", "parameters"]) {
          const shape = kind === "none" ? undefined : shapeFor(parameters, kind);
          const bytes = Math.round(parameters * weights.bytesPerValue);
          const counted = weights.quant === "awq" ? parameters / 8 : parameters;
          const config: Record<string, unknown> = {
            ...(shape?.config ?? {}),
            ...(weights.quant === undefined ? {} : { quantization_config: { quant_method: weights.quant } }),
          };
          const id = `corpus/${kind}-${weights.name}-${files}-${parameters}`;
          const record = sized(id, "text-generation", "transformers", parameters, {
            safetensors: { parameters: { [weights.dtype]: counted }, total: counted },
            config,
            siblings: [{ rfilename: "config.json" }, files === "sizes" ? { rfilename: "model.safetensors", size: bytes } : { rfilename: "model.safetensors" }],
          } as Partial<ModelRecord>);
          const bytesPerValue = weights.quant === "awq" ? 4 : weights.bytesPerValue;
          const stored = files === "sizes" ? bytes : counted * bytesPerValue;
          const modelType = typeof config["model_type"] === "string" ? config["model_type"] : undefined;
          models.push({
            record,
            model: { bytes: stored, bytesPerValue, quantMethod: weights.quant, bfloat16: weights.dtype === "BF16", modelType, attention: shape?.attention },
            maxContext: shape?.maxContext,
          });
        }
      }
    }
  }
  return models;
}

interface Row {
  name: string;
  price: number;
  machine: TestMachine;
}

const endpointsRows = (accelerator: "cpu" | "gpu"): Row[] =>
  endpointHardware()
    .instances.filter((row) => row.vendor === "aws" && row.accelerator === accelerator && row.deprecated === undefined)
    .map((row) => ({
      name: `${row.instanceType}-${row.instanceSize}`,
      price: row.pricePerHour,
      machine: {
        gpus: accelerator === "gpu" ? row.accelerators : 1,
        memoryBytes: row.memoryGb * 1e9,
        capability: gpuNamed("endpoints", row.instanceType)?.computeCapability,
        cpu: accelerator === "cpu",
      },
    }));
const sagemakerRows: Row[] = sagemakerTable().instances.map((row) => ({
  name: row.instanceType,
  price: row.gpuMemoryMiB,
  machine: {
    gpus: row.gpus,
    memoryBytes: row.gpuMemoryMiB * 2 ** 20,
    capability: gpuNamed("sagemaker", row.instanceType.split(".")[1] ?? "")?.computeCapability,
    cpu: false,
  },
}));

/** The least context sized for: 8,192 tokens, or the model's own when shorter; none without dimensions. */
const leastContext = (entry: CorpusModel) => (entry.model.attention === undefined ? undefined : Math.min(8192, entry.maxContext ?? 8192));

function holdToRules(
  entry: CorpusModel,
  rules: EngineRules,
  rows: Row[],
  chosen: string | undefined,
  setContext: number | undefined,
  refusal: string | undefined,
) {
  const least = leastContext(entry);
  const starting = rows.filter((row) => startsUp(rules, entry.model, row.machine, least));
  if (chosen === undefined) {
    expect(
      starting.map((row) => row.name),
      refusal,
    ).toEqual([]);
    return;
  }
  const row = rows.find((candidate) => candidate.name === chosen);
  expect(row, chosen).toBeDefined();
  // The context the code sets (or, without one, the allowance) fits the chosen machine, and nothing cheaper starts.
  expect(startsUp(rules, entry.model, row!.machine, setContext ?? least)).toBe(true);
  if (setContext !== undefined && entry.maxContext !== undefined) expect(setContext).toBeLessThanOrEqual(entry.maxContext);
  expect(row!.price).toBe(Math.min(...starting.map((candidate) => candidate.price)));
}

const models = corpus();

describe(`the engines' start-up checks, over ${models.length} generated records`, () => {
  it.each(models.map((entry) => [entry.record.id, entry] as const))("%s: Inference Endpoints' vLLM", (_id, entry) => {
    const answer = getDeploySnippets(entry.record, { target: "endpoints" });
    const content = answer.snippets[0]?.content ?? "";
    const setting = /"--max-model-len",\s*"(\w+)"/.exec(content)?.[1];
    if (answer.plans[0] !== undefined) expect(setting).toEqual(entry.model.attention === undefined ? "auto" : expect.stringMatching(/^\d+$/));
    const context = setting === undefined || setting === "auto" ? undefined : Number(setting);
    holdToRules(entry, engineRules("vllm"), endpointsRows("gpu"), answer.plans[0]?.instance.name, context, answer.missing.endpoints);
  });

  it.each(models.map((entry) => [entry.record.id, entry] as const))("%s: SageMaker's TGI", (_id, entry) => {
    const answer = getDeploySnippets(entry.record, { target: "sagemaker", client: "boto3" });
    const content = answer.snippets[0]?.content ?? "";
    const chosen = /"InstanceType": "([^"]+)"/.exec(content)?.[1];
    const total = /"MAX_TOTAL_TOKENS": "(\d+)"/.exec(content)?.[1];
    holdToRules(entry, engineRules("tgi"), sagemakerRows, chosen, total === undefined ? undefined : Number(total), answer.missing.sagemaker);
  });
});

/** Embeddings (TEI) and classifiers (the toolkit, CPU instances first) of 20 M to 20 B parameters, BF16 or F32. */
function encoderCorpus(task: string, library: string): CorpusModel[] {
  return Array.from({ length: 12 }, (_, index) => Math.round(2e7 * 1000 ** (index / 11))).flatMap((parameters) =>
    (["BF16", "F32"] as const).map((dtype) => {
      const bytesPerValue = dtype === "BF16" ? 2 : 4;
      const record = sized(`corpus/${task}-${dtype}-${parameters}`, task, library, parameters, {
        safetensors: { parameters: { [dtype]: parameters }, total: parameters },
      } as Partial<ModelRecord>);
      return { record, model: { bytes: parameters * bytesPerValue, bytesPerValue, bfloat16: dtype === "BF16" }, maxContext: undefined };
    }),
  );
}

describe("the encoders' engines, over generated records", () => {
  it.each(encoderCorpus("feature-extraction", "sentence-transformers").map((entry) => [entry.record.id, entry] as const))(
    "%s: TEI on one GPU",
    (_id, entry) => {
      const answer = getDeploySnippets(entry.record, { target: "endpoints" });
      holdToRules(entry, engineRules("tei"), endpointsRows("gpu"), answer.plans[0]?.instance.name, undefined, answer.missing.endpoints);
    },
  );

  it.each(encoderCorpus("text-classification", "transformers").map((entry) => [entry.record.id, entry] as const))(
    "%s: the toolkit, on a CPU where one holds it in float32",
    (_id, entry) => {
      const answer = getDeploySnippets(entry.record, { target: "endpoints" });
      const chosen = answer.plans[0]?.instance.name;
      const cpu = endpointsRows("cpu");
      const onCpu = cpu.some((row) => startsUp(engineRules("toolkit"), entry.model, row.machine, undefined));
      holdToRules(entry, engineRules("toolkit"), onCpu ? cpu : endpointsRows("gpu"), chosen, undefined, answer.missing.endpoints);
    },
  );
});
