import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { azureTable } from "../../src/deploy/tables.js";
import type { ModelRecord } from "../../src/model/record.js";
import { memoryNeeded } from "../../src/weights/memory-fit.js";
import { embeddings, example, reranker, sized } from "./records.js";

/*
 * Azure Machine Learning (MLClient, a managed online endpoint and a deployment of the model from the HuggingFace
 * registry), in process: what it deploys, on which instance, and why a model gets none. The SDK does not install
 * here: test/deploy/deploy-code.test.ts holds the code to the SDK's source as read (data/deploy/azure-signatures.json),
 * parses it, runs black over it and keeps hostile record text as data.
 */

const azureOf = (record: ModelRecord) => getDeploySnippets(record, { target: "azure" });
const chat = example("llama-3.1-8b-instruct");
const big = sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000);

describe("Azure ML's code", () => {
  it("creates a key-authenticated managed endpoint and a deployment of the model from the HuggingFace registry", () => {
    const answer = azureOf(embeddings);
    const content = answer.snippets[0]?.content ?? "";
    expect(answer.snippets[0]).toMatchObject({ target: "azure", client: "azure-ai-ml", install: "pip install -U azure-ai-ml azure-identity" });
    expect(content).toContain("from azure.ai.ml import MLClient");
    expect(content).toContain("DefaultAzureCredential()");
    expect(content).toMatch(/ManagedOnlineEndpoint\(name=name, auth_mode="key"\)/);
    expect(content).toContain('model="azureml://registries/HuggingFace/models/BAAI-bge-small-en-v1.5/labels/latest"');
    expect(content).toMatch(/instance_type="Standard_[A-Za-z0-9_]+"/);
    expect(content).toContain("instance_count=1");
    expect(content).toContain("ml_client.online_endpoints.invoke(");
    expect(content).toContain("ml_client.online_endpoints.begin_delete(name=name).result()");
    expect(answer.checked.azure?.proof).toBe("read");
  });

  it("chooses the smallest instance that holds the weights, and says why for GGUF and a model no instance holds", () => {
    const content = azureOf(big).snippets[0]?.content ?? "";
    const row = azureTable().instances.find((candidate) => content.includes(`instance_type="${candidate.instanceType}"`));
    expect(row).toBeDefined();
    const total = (candidate: { gpus: number; gpuMemoryGb: number }) => candidate.gpus * candidate.gpuMemoryGb * 1e9;
    const fitting = azureTable().instances.filter((candidate) => total(candidate) >= memoryNeeded(70_000_000_000 * 2));
    expect(total(row!)).toBe(Math.min(...fitting.map(total)));
    expect(azureOf(example("llama-3.2-3b-instruct-gguf")).missing.azure).toMatch(/GGUF/);
    expect(azureOf(example("whisper-large-v3")).missing.azure).toMatch(/not for task 'automatic-speech-recognition' \(data\/deploy\/cloud-tasks\.json\)/);
    expect(azureOf(sized("acme/huge", "text-generation", "transformers", 2_000_000_000_000)).missing.azure).toMatch(/no Azure ML machine/);
  });

  it("refuses a gated or private model, which the HuggingFace registry does not serve, and says what to do instead", () => {
    const why = azureOf(chat).missing.azure ?? "";
    expect(why).toMatch(/^the model is gated or private: the Hugging Face collection of Azure ML's model catalog holds public models only/);
    expect(why).toContain("--deploy endpoints --vendor azure");
  });

  it("writes the inference toolkit's request (a zero-shot classifier's labels as parameters) and a reranker's", () => {
    const zeroShot = azureOf(example("bart-large-mnli")).snippets[0]?.content ?? "";
    expect(zeroShot).toContain('model="azureml://registries/HuggingFace/models/facebook-bart-large-mnli/labels/latest"');
    expect(zeroShot).toMatch(/body = \{\s*"inputs": "[^"]+",\s*"parameters": \{\s*"candidate_labels": \["mobile", "website"/);
    expect(azureOf(reranker).snippets[0]?.content).toMatch(/body = \{\n\s*"query": "What is Deep Learning\?",/);
  });
});
