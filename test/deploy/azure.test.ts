import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { azureTable } from "../../src/deploy/tables.js";
import type { ModelRecord } from "../../src/model/record.js";
import { memoryNeeded } from "../../src/weights/memory-fit.js";
import { blackProblems, pythonAstErrors } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { embeddings, example, reranker, sized } from "./records.js";
import { expectKnownNames, readSignatures, usedNames } from "./signatures.js";

/*
 * Azure Machine Learning (MLClient, a managed online endpoint and a deployment of the model from the HuggingFace
 * registry): the SDK does not install here, so the code is held to the SDK's source as read
 * (data/deploy/azure-signatures.json, Azure/azure-sdk-for-python at named commits). The code parses, passes black,
 * and keeps hostile record text as data.
 */

const azureOf = (record: ModelRecord) => getDeploySnippets(record, { target: "azure" });
const signatures = readSignatures("azure-signatures.json");
const chat = example("llama-3.1-8b-instruct");
const hostileId = 'evil/na"me\nimport os; os.system("x")\u001b]52;c;AAAA\u0007';
const big = sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000);
const records = [chat, embeddings, example("bart-large-mnli"), reranker, big, sized(hostileId, "text-generation", "transformers", 1e9)];

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

  it("uses only modules, functions and keywords read in the SDK's source, at the commit the data names", () => {
    for (const record of records) {
      const content = azureOf(record).snippets[0]?.content;
      if (content !== undefined) expectKnownNames(signatures, content, "Azure/azure-sdk-for-python");
    }
  });

  it("parses, passes black, and keeps a hostile id as data", () => {
    const directory = mkdtempSync(join(tmpdir(), "hub-snippets-azure-"));
    onTestFinished(() => rmSync(directory, { recursive: true, force: true }));
    const contents = records.flatMap((record) => azureOf(record).snippets.map((snippet) => snippet.content));
    // The gated chat model alone gets no code.
    expect(contents.length).toBe(records.length - 1);
    const files = contents.map((content, index) => {
      const file = join(directory, `azure_${index}.py`);
      writeFileSync(file, content);
      return file;
    });
    expect(pythonAstErrors(files)).toEqual([]);
    if (hasTool("black")) expect(blackProblems(directory)).toEqual([]);
    const hostile = contents.at(-1) ?? "";
    expect(hostile).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(usedNames(hostile).calls.map((call) => call.name)).not.toContain("system");
  });
});
