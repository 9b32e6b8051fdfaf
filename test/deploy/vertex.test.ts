import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { engineRules, gpuNamed, vertexTable } from "../../src/deploy/tables.js";
import { startsUp } from "../helpers/engine-startup.js";
import type { ModelRecord } from "../../src/model/record.js";
import { embeddings, example, reranker, sized } from "./records.js";

/*
 * Vertex AI (Model Garden's OpenModel(...).deploy(...)), in process: what it deploys, on which machine, and why a model
 * gets none. The SDK does not install here: test/deploy/deploy-code.test.ts holds the code to the SDK's source as read
 * (data/deploy/vertex-signatures.json), parses it, runs black over it and keeps hostile record text as data.
 */

const vertexOf = (record: ModelRecord) => getDeploySnippets(record, { target: "vertex" });

const chat = example("llama-3.1-8b-instruct");
const bigChat = sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000);

describe("Vertex AI's code", () => {
  it("deploys a gated chat model from Model Garden with the EULA accepted and the token read from the environment", () => {
    const answer = vertexOf(chat);
    const snippet = answer.snippets[0];
    expect(snippet?.target).toBe("vertex");
    expect(snippet?.client).toBe("google-cloud-aiplatform");
    expect(snippet?.install).toMatch(/google-cloud-aiplatform/);
    expect(snippet?.content).toContain("from vertexai import model_garden");
    expect(snippet?.content).toContain(`model_garden.OpenModel(${JSON.stringify(chat.id)})`);
    expect(snippet?.content).toContain("accept_eula=True");
    expect(snippet?.content).toContain('hugging_face_access_token=os.environ["HF_TOKEN"]');
    expect(snippet?.content).toMatch(/machine_type="g2-standard-\d+"/);
    expect(snippet?.content).toMatch(/accelerator_type="NVIDIA_L4"/);
    expect(snippet?.content).toMatch(/endpoint\.predict\(/);
    expect(snippet?.content).toMatch(/endpoint\.undeploy_all\(\)\nendpoint\.delete\(\)/);
    expect(answer.checked.vertex?.proof).toBe("read");
    expect(answer.checked.vertex?.executed).toMatch(/nothing/i);
  });

  it("asks no EULA and no token for an open model, and chooses the smallest machine vLLM starts on with the model", () => {
    const content = vertexOf(embeddings).snippets[0]?.content ?? "";
    expect(content).not.toContain("accept_eula");
    expect(content).not.toContain("HF_TOKEN");
    const big = vertexOf(bigChat);
    const machine = vertexTable().machines.find((row) => big.snippets[0]?.content.includes(`machine_type="${row.machineType}"`));
    expect(machine).toBeDefined();
    const model = { bytes: 70_000_000_000 * 2, bytesPerValue: 2, bfloat16: true };
    const fits = vertexTable().machines.filter((row) =>
      startsUp(
        engineRules("vllm"),
        model,
        {
          gpus: row.acceleratorCount,
          memoryBytes: row.acceleratorMemoryGb * 1e9 * row.acceleratorCount,
          capability: gpuNamed("vertex", row.acceleratorType)?.computeCapability,
          cpu: false,
        },
        undefined,
      ),
    );
    const smallest = Math.min(...fits.map((row) => row.acceleratorMemoryGb * row.acceleratorCount));
    expect((machine?.acceleratorMemoryGb ?? 0) * (machine?.acceleratorCount ?? 0)).toBe(smallest);
  });

  it("writes a reranker's query and texts, and the inference toolkit's text with a zero-shot classifier's labels", () => {
    expect(vertexOf(reranker).snippets[0]?.content).toMatch(/instances=\[\s*\{\s*"query": "What is Deep Learning\?",\s*"texts": \[/);
    const zeroShot = vertexOf(example("bart-large-mnli")).snippets[0]?.content ?? "";
    expect(zeroShot).toMatch(/instances=\[\s*"[^"]+",?\s*\],\s*parameters=\{"candidate_labels": \["mobile", "website"/);
    expect(zeroShot).toMatch(/machine_type="g2-standard-12"/);
  });

  it("says why for what Model Garden's serving does not take: GGUF files, a task not in the table, a model no machine holds", () => {
    expect(vertexOf(example("llama-3.2-3b-instruct-gguf")).missing.vertex).toMatch(/GGUF/);
    expect(vertexOf(example("whisper-large-v3")).missing.vertex).toMatch(/not for task 'automatic-speech-recognition' \(data\/deploy\/cloud-tasks\.json\)/);
    expect(vertexOf(sized("acme/huge", "text-generation", "transformers", 2_000_000_000_000)).missing.vertex).toMatch(/no Vertex AI machine/);
  });

  it("takes a machine by name when Vertex AI is the target, checked against the weights and the table", () => {
    expect(getDeploySnippets(chat, { target: "vertex", instance: "a2-ultragpu-1g" }).snippets[0]?.content).toContain('machine_type="a2-ultragpu-1g"');
    expect(() => getDeploySnippets(chat, { target: "vertex", instance: "nvidia-a100-x1" })).toThrow(/unknown instance 'nvidia-a100-x1' in Vertex AI's table/);
    const big = bigChat;
    expect(getDeploySnippets(big, { target: "vertex", instance: "g2-standard-12" }).missing.vertex).toMatch(/too small/);
    // With every target, a name of another target's instances leaves Vertex AI's choice alone.
    expect(getDeploySnippets(chat, { instance: "nvidia-a100-x1" }).snippets.find((snippet) => snippet.target === "vertex")?.content).toContain(
      "g2-standard-12",
    );
  });
});
