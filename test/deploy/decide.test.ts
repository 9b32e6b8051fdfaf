import { refusal } from "../helpers/refusal.js";
import { describe, expect, it } from "vitest";
import { getDeploySnippets, type DeployOptions } from "../../src/deploy/deploy.js";
import { endpointName } from "../../src/deploy/endpoints-snippet.js";
import { endpointEngine, endpointHardware, engineRules, gpuNamed } from "../../src/deploy/tables.js";
import { instanceName } from "../../src/deploy/hardware.js";
import type { EndpointInstance } from "../../src/deploy/schema.js";
import { startsUp, type TestMachine } from "../helpers/engine-startup.js";
import { ExitCode } from "../../src/errors.js";
import type { ModelRecord } from "../../src/model/record.js";
import { baseModel, codeRecords, embeddings, example, hostileId, privateClassifier, reranker, sized } from "./records.js";

/*
 * The deploy decision (src/deploy/): the engine each model gets, the instance chosen for its weights (the smallest
 * that holds them with the margin, over a generated range of sizes), the refusals with their reasons, and the code
 * itself keeps hostile record text as data (test/deploy/deploy-code.test.ts parses it and runs black over it).
 */

const endpointsOf = (record: ModelRecord, options: DeployOptions = {}) => getDeploySnippets(record, { target: "endpoints", ...options });
const planOf = (record: ModelRecord, options: DeployOptions = {}) => {
  const answer = endpointsOf(record, options);
  if (answer.plans[0] === undefined) throw new Error(`no plan for ${record.id}: ${JSON.stringify(answer.missing)}`);
  return answer.plans[0];
};

describe("the engine", () => {
  it.each([
    ["a chat model", example("llama-3.1-8b-instruct"), "vllm"],
    ["a vision chat model", example("qwen2.5-vl-7b-instruct"), "vllm"],
    ["a base model", baseModel, "vllm"],
    ["a GGUF repository", example("llama-3.2-3b-instruct-gguf"), "llama.cpp"],
    ["an embeddings model", embeddings, "tei"],
    ["a sentence-similarity model", sized("sentence-transformers/all-MiniLM-L6-v2", "sentence-similarity", "sentence-transformers", 22_700_000), "tei"],
    ["a reranker", reranker, "tei"],
    ["a zero-shot classifier", example("bart-large-mnli"), "toolkit"],
    ["a speech recognizer", example("whisper-large-v3"), "toolkit"],
    ["a diffusers pipeline", example("flux.1-dev"), "toolkit"],
  ])("%s: %s", (_label, record, engine) => {
    expect(planOf(record).engine.key).toBe(engine);
  });

  it("says why a model no engine serves gets no code", () => {
    const mlx = sized("mlx-community/Qwen3-4B-4bit", "text-generation", "mlx", 4_000_000_000);
    expect(endpointsOf(mlx).missing.endpoints).toMatch(/mlx's, which vLLM does not load/);
    const timm = sized("timm/resnet50.a1_in1k", "image-classification", "timm", 25_600_000);
    expect(endpointsOf(timm).missing.endpoints).toMatch(/its library is timm/);
    const untasked = { ...baseModel, pipeline_tag: undefined } as ModelRecord;
    expect(endpointsOf(untasked).missing.endpoints).toMatch(/no pipeline_tag/);
    const disabled = { ...baseModel, disabled: true } as ModelRecord;
    expect(endpointsOf(disabled).snippets).toEqual([]);
  });

  it("runs the GGUF quantization --memory chooses, and refuses a memory none fits (exit 1)", () => {
    const gguf = example("llama-3.2-3b-instruct-gguf");
    expect(planOf(gguf).quant?.label).toBe("Q4_K_M");
    const big = planOf(gguf, { memory: "16GB" });
    expect(big.quant?.label).not.toBe("Q4_K_M");
    const small = planOf(gguf, { memory: "2.2GB" });
    expect(["IQ3_M", "Q3_K_L", "Q3_K_M", "Q3_K_S", "IQ3_XS", "Q2_K", "Q2_K_L", "IQ2_M"]).toContain(small.quant?.label);
    expect(endpointsOf(gguf).snippets[0]?.content).toContain(`"/repository/${planOf(gguf).quant?.file}"`);
    expect(refusal(() => endpointsOf(gguf, { memory: "100MB" })).exitCode).toBe(ExitCode.noMatch);
  });
});

describe("the targets", () => {
  it("answers every target, with why the ones not written yet have no code", () => {
    const answer = getDeploySnippets(example("llama-3.1-8b-instruct"));
    expect(answer.snippets.map((snippet) => snippet.target)).toEqual(["endpoints", "sagemaker", "sagemaker", "vertex"]);
    expect(Object.keys(answer.missing)).toEqual(["azure"]);
    expect(answer.snippets[0]).toMatchObject({ kind: "deploy", language: "python", client: "huggingface_hub", install: "pip install -U huggingface-hub" });
    expect(answer.snippets[1]).toMatchObject({ kind: "deploy", language: "python", client: "boto3", install: "pip install -U boto3" });
    // SageMaker's two forms: boto3's, then the SageMaker Python SDK v3's (ModelBuilder).
    expect(answer.snippets[2]).toMatchObject({ kind: "deploy", language: "python", client: "sagemaker", install: 'pip install -U "sagemaker>=3"' });
    expect(answer.snippets[3]).toMatchObject({ kind: "deploy", language: "python", client: "google-cloud-aiplatform" });
    // Each snippet carries the checked record of its form.
    expect(answer.snippets.map((snippet) => snippet.checked?.package.split(" ")[0])).toEqual([
      "huggingface_hub",
      "boto3",
      "sagemaker",
      "google-cloud-aiplatform",
    ]);
  });

  it("writes SageMaker code for TGI's and TEI's models, and says why not for the others", () => {
    expect(getDeploySnippets(embeddings, { target: "sagemaker" }).snippets[0]?.content).toContain("/tei:2.0.1-tei1.8.2-gpu-py310-cu122-ubuntu22.04");
    expect(getDeploySnippets(example("bart-large-mnli"), { target: "sagemaker" }).missing.sagemaker).toMatch(
      /TGI \(text generation\) and TEI \(embeddings\) only/,
    );
    expect(getDeploySnippets(example("llama-3.2-3b-instruct-gguf"), { target: "sagemaker" }).missing.sagemaker).toMatch(/do not serve GGUF files/);
    const huge = sized("acme/huge", "text-generation", "transformers", 700_000_000_000);
    expect(getDeploySnippets(huge, { target: "sagemaker" }).missing.sagemaker).toMatch(
      /no SageMaker machine that Text Generation Inference \(TGI\) runs on holds it/,
    );
    expect(getDeploySnippets(sized("acme/big", "text-generation", "transformers", 70e9), { target: "sagemaker" }).snippets[0]?.content).toMatch(
      /"SM_NUM_GPUS": "8"/,
    );
  });

  it("refuses an unknown target as an unknown id that lists them (exit 1)", () => {
    const error = refusal(() => getDeploySnippets(baseModel, { target: "heroku" }));
    expect(error.exitCode).toBe(ExitCode.noMatch);
    expect(error.message).toContain("endpoints, sagemaker, vertex, azure");
  });
});

describe("the hardware", () => {
  const usable = (engineKey: "vllm" | "tei" | "toolkit", vendor = "aws") => {
    const engine = endpointEngine(engineKey);
    return endpointHardware().instances.filter(
      (instance) => instance.vendor === vendor && instance.deprecated === undefined && engine.accelerators.includes(instance.accelerator),
    );
  };
  const machineOf = (instance: EndpointInstance): TestMachine => ({
    gpus: instance.accelerator === "gpu" ? instance.accelerators : 1,
    memoryBytes: instance.memoryGb * 1e9,
    capability: gpuNamed("endpoints", instance.instanceType)?.computeCapability,
    cpu: instance.accelerator === "cpu",
  });

  // 100 M to 700 B parameters, BF16: every size gets the cheapest instance vLLM starts on with it, or a reason when none.
  const sizes = Array.from({ length: 60 }, (_, index) => Math.round(1e8 * 7000 ** (index / 59)));
  it.each(sizes)("%d BF16 parameters of a chat model: the cheapest GPU instance vLLM starts on", (parameters) => {
    const record = sized(`acme/chat-${parameters}`, "text-generation", "transformers", parameters);
    const model = { bytes: parameters * 2, bytesPerValue: 2, bfloat16: true };
    const starting = usable("vllm").filter((instance) => startsUp(engineRules("vllm"), model, machineOf(instance), undefined));
    const answer = endpointsOf(record);
    if (starting.length === 0) {
      expect(answer.snippets).toEqual([]);
      expect(answer.missing.endpoints).toMatch(/no aws machine that vLLM runs on holds it/);
      return;
    }
    const plan = answer.plans[0]!;
    const cheapest = Math.min(...starting.map((instance) => instance.pricePerHour));
    expect(plan.instance.pricePerHour).toBe(cheapest);
    expect(starting.map(instanceName)).toContain(plan.instance.name);
  });

  it("puts a small toolkit model on a CPU instance and a big one on a GPU", () => {
    // 184 M parameters of BF16 weights, loaded in float32 on a CPU (0.74 GB) + 1 GB for the toolkit + the allowance.
    expect(planOf(privateClassifier).instance.name).toBe("intel-spr-x2");
    const big = sized("acme/big-classifier", "text-classification", "transformers", 20_000_000_000);
    expect(planOf(big).instance.name).toMatch(/^nvidia-/);
  });

  it("takes another vendor and an instance by name, and checks them", () => {
    expect(planOf(baseModel, { vendor: "gcp" }).instance).toMatchObject({ vendor: "gcp", region: "us-east4" });
    expect(planOf(baseModel, { instance: "nvidia-a100-x1" }).instance.name).toBe("nvidia-a100-x1");
    expect(refusal(() => endpointsOf(baseModel, { vendor: "ovh" })).exitCode).toBe(ExitCode.noMatch);
    expect(refusal(() => endpointsOf(baseModel, { instance: "nvidia-z9-x1" })).message).toContain("nvidia-l4-x1");
    const big = sized("acme/big", "text-generation", "transformers", 70_000_000_000);
    expect(endpointsOf(big, { instance: "nvidia-l4-x1" }).missing.endpoints).toMatch(
      /cannot run it: too small: vLLM has 22.1 GB \(92% of its memory\), and the model needs/,
    );
  });

  it("guesses the smallest instance, with a note, when the record does not say how big the weights are", () => {
    const unsized = { ...baseModel, safetensors: undefined } as ModelRecord;
    const answer = endpointsOf(unsized);
    expect(answer.plans[0]?.instance.name).toBe("nvidia-t4-x1");
    expect(answer.notes.join("\n")).toMatch(/does not say how big the weights are/);
  });

  it("spreads vLLM over several GPUs with tensorParallelSize", () => {
    const big = sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000);
    const answer = endpointsOf(big);
    expect(answer.plans[0]?.instance.name).toMatch(/-x[248]$/);
    expect(answer.snippets[0]?.content).toMatch(/"tensorParallelSize": [248]/);
  });
});

describe("the code", () => {
  const records = codeRecords;
  const snippets = records.flatMap((record) => getDeploySnippets(record).snippets);

  it("writes Inference Endpoints' snippet for every record, and SageMaker's for TGI's and TEI's", () => {
    expect(snippets.filter((snippet) => snippet.target === "endpoints")).toHaveLength(records.length);
    expect(snippets.filter((snippet) => snippet.target === "sagemaker").length).toBeGreaterThanOrEqual(5);
  });

  it("keeps record text as data: no raw control character, a safe endpoint name", () => {
    for (const snippet of snippets) expect(snippet.content).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(endpointName(hostileId)).toMatch(/^[a-z][a-z0-9-]{0,31}$/);
    expect(endpointName("1org/2-model")).toMatch(/^endpoint-2-model-[0-9a-f]{6}$/);
    // Two repositories of one name in two namespaces get two endpoints.
    expect(endpointName("onnx-community/Qwen2.5-0.5B-Instruct")).not.toBe(endpointName("Qwen/Qwen2.5-0.5B-Instruct"));
    expect(endpointName("Qwen/Qwen2.5-0.5B-Instruct")).toMatch(/^qwen2-5-0-5b-instruct-[0-9a-f]{6}$/);
  });
});

describe("an instance by name, with every target", () => {
  it("goes to the target that names its instances so, and is checked by the one asked for", () => {
    const chat = example("llama-3.1-8b-instruct");
    const sagemaker = getDeploySnippets(chat, { instance: "ml.g5.12xlarge" });
    expect(sagemaker.snippets.find((snippet) => snippet.target === "sagemaker")?.content).toContain('"InstanceType": "ml.g5.12xlarge"');
    expect(sagemaker.plans[0]?.instance.name).toBe("nvidia-l4-x1");
    const endpoints = getDeploySnippets(chat, { instance: "nvidia-a100-x1" });
    expect(endpoints.plans[0]?.instance.name).toBe("nvidia-a100-x1");
    expect(endpoints.snippets.find((snippet) => snippet.target === "sagemaker")?.content).toContain('"InstanceType": "ml.g5.2xlarge"');
    expect(refusal(() => getDeploySnippets(chat, { target: "sagemaker", instance: "nvidia-a100-x1" })).exitCode).toBe(ExitCode.noMatch);
    expect(refusal(() => getDeploySnippets(chat, { target: "endpoints", instance: "ml.g5.2xlarge" })).exitCode).toBe(ExitCode.noMatch);
  });
});
