import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";
import { getDeploySnippets } from "../../src/deploy/deploy.js";

/*
 * A GGUF language model by what it is run for (issue 66, item 4): an embedding model and a reranker get the apps and
 * modes that serve them (llama.cpp's server, --embeddings or --reranking, on its routes, tools/server/README.md at
 * ggml-org/llama.cpp 00dc8057; Ollama's embeddings API), and no chat code anywhere. One expectation per rule; the
 * calls run against a recorder in app-links-servers.test.ts.
 */

const fixture = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(new URL(`../fixtures/gguf-uses/${name}.json`, import.meta.url), "utf8")));
const embedding = fixture("qwen3-embedding-0.6b-gguf");
const reranker = fixture("bge-reranker-v2-m3-gguf");
const apps = (model: ModelRecord) => {
  const answer = getModelSnippets(model, { kind: "app", allApps: true });
  return [...new Set(answer.snippets.map((snippet) => snippet.client))];
};
const appCode = (model: ModelRecord, app: string) =>
  getModelSnippets(model, { app })
    .snippets.map((snippet) => snippet.content)
    .join("\n");

describe("an embedding GGUF", () => {
  it("is offered the apps that serve embeddings, llama.cpp and Ollama, and no chat app", () => {
    expect(apps(embedding)).toEqual(["llama.cpp", "ollama"]);
  });

  it("is served by llama.cpp in its embeddings mode and called on /v1/embeddings, with no llama-cli chat", () => {
    const code = appCode(embedding, "llama.cpp");
    expect(code).toContain("llama-server -hf Qwen/Qwen3-Embedding-0.6B-GGUF:Q8_0 --embeddings");
    expect(code).toContain("curl http://localhost:8080/v1/embeddings");
    expect(code).not.toMatch(/llama-cli|chat\/completions/);
  });

  it("is pulled by Ollama and called through its embeddings API, never `ollama run`", () => {
    const code = appCode(embedding, "ollama");
    expect(code).toContain("ollama pull hf.co/Qwen/Qwen3-Embedding-0.6B-GGUF:Q8_0");
    expect(code).toContain("curl http://localhost:11434/api/embed");
    expect(code).not.toContain("ollama run");
  });

  it("is loaded by llama-cpp-python in embedding mode, its vector read with create_embedding", () => {
    const [snippet] = getLibrarySnippets(embedding);
    expect(snippet?.content).toContain("embedding=True");
    expect(snippet?.content).toContain("llm.create_embedding(");
    expect(snippet?.content).not.toContain("create_chat_completion");
  });
});

describe("a reranking GGUF", () => {
  it("is offered llama.cpp alone: Ollama has no ranking API", () => {
    expect(apps(reranker)).toEqual(["llama.cpp"]);
  });

  it("is served by llama.cpp with --reranking and called on /v1/rerank", () => {
    const code = appCode(reranker, "llama.cpp");
    expect(code).toContain("llama-server -hf gpustack/bge-reranker-v2-m3-GGUF:Q4_K_M --reranking");
    expect(code).toContain("curl http://localhost:8080/v1/rerank");
    expect(code).not.toMatch(/llama-cli|chat\/completions/);
  });

  it("gets no llama-cpp-python code, and is told why and where it runs", () => {
    const [snippet] = getLibrarySnippets(reranker);
    expect(snippet?.content).toMatch(/^# gpustack\/bge-reranker-v2-m3-GGUF is a reranker: llama-cpp-python's high-level API has no ranking call/);
    expect(snippet?.content).toContain("snippet --app llama.cpp");
    expect(snippet?.content).not.toContain("Llama.from_pretrained");
  });
});

describe("on a dedicated endpoint", () => {
  const endpoint = (model: ModelRecord) => getDeploySnippets(model, { target: "endpoints" }).snippets[0]?.content ?? "";

  it("starts llama.cpp in the model's mode and posts to the route it serves", () => {
    expect(endpoint(embedding)).toMatch(/container_args=\[\s*"--model",\s*"\/repository\/Qwen3-Embedding-0\.6B-Q8_0\.gguf",\s*"--embeddings",?\s*\]/);
    expect(endpoint(embedding)).toContain('f"{endpoint.url}/v1/embeddings"');
    expect(endpoint(reranker)).toContain('"--reranking"');
    expect(endpoint(reranker)).toContain('f"{endpoint.url}/v1/rerank"');
    for (const model of [embedding, reranker]) expect(endpoint(model)).not.toContain("/v1/completions");
  });
});

describe("a generative GGUF", () => {
  it("keeps its chat: llama-server, the chat call and llama-cli", () => {
    const chat = ModelRecordSchema.parse({ ...embedding, id: "acme/Chat-GGUF", pipeline_tag: "text-generation", tags: ["gguf", "conversational"] });
    const code = appCode(chat, "llama.cpp");
    expect(code).toContain("llama-server -hf acme/Chat-GGUF:Q8_0\n");
    expect(code).toContain("/v1/chat/completions");
    expect(code).toContain("llama-cli -hf acme/Chat-GGUF:Q8_0");
    expect(apps(chat).length).toBeGreaterThan(2);
  });
});
