import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listApps } from "../../src/catalogue/apps.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { hasRuntime, runSnippet } from "../helpers/run-snippet.js";
import { appsForModel, getLocalAppSnippets } from "../helpers/record-twins.js";

const modelsFile = fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url));
const models = Object.entries(JSON.parse(readFileSync(modelsFile, "utf8")) as Record<string, unknown>).map(
  ([name, record]) => [name, ModelRecordSchema.parse(record)] as const,
);

/** The URL an `open <url>` line opens, its shell quotes removed (the links hold no single quote). */
function openedUrl(content: string): string {
  const line = content.split("\n").find((text) => text.startsWith("open "));
  if (!line) throw new Error(`no open line in:\n${content}`);
  return line.slice("open ".length).replace(/^'(.*)'$/, "$1");
}

describe("deep links", () => {
  const linkApps = listApps().filter((app) => app.kind === "deeplink");
  const cases = linkApps.flatMap((app) =>
    models.filter(([, model]) => appsForModel(model).some((candidate) => candidate.key === app.key)).map(([name, model]) => ({ app: app.key, name, model })),
  );

  it("cover every app opened by a link", () => {
    expect(new Set(cases.map((c) => c.app))).toEqual(new Set(linkApps.map((app) => app.key)));
  });

  it.each(cases)("$app on $name is one valid URL that names the model", ({ app, model }) => {
    const [snippet] = getLocalAppSnippets(model, app);
    const url = new URL(openedUrl(snippet?.content ?? ""));
    expect(url.protocol).toMatch(/^[a-z-]+:$/);
    const named = [...url.searchParams.values(), decodeURIComponent(url.pathname), decodeURIComponent(url.host + url.pathname)];
    expect(named.some((part) => part === model.id || part.endsWith(`/${model.id}`))).toBe(true);
  });

  it("encode what a model id may hold, and the LM Studio file, as query values", () => {
    const model = ModelRecordSchema.parse({ id: "a.b-c_d/e.f-GGUF", tags: ["gguf"], siblings: [{ rfilename: "e.f-Q4_K_M.gguf" }] });
    const url = new URL(openedUrl(getLocalAppSnippets(model, "lmstudio")[0]?.content ?? ""));
    expect(url.searchParams.get("model")).toBe("a.b-c_d/e.f-GGUF");
    expect(url.searchParams.get("file")).toBe("e.f-Q4_K_M.gguf");
    expect(openedUrl(getLocalAppSnippets(model, "recursechat")[0]?.content ?? "")).toBe("recursechat://new-hf-gguf-model?hf-model-id=a.b-c_d%2Fe.f-GGUF");
  });
});

/*
 * The servers' snippets end with a curl call to http://localhost:<port>/v1/chat/completions (an embedding or reranking
 * GGUF: to the route of the mode it is served in). The call runs as written; curl's own config file
 * (CURL_HOME/.curlrc, `connect-to`) sends localhost:<port> to the recorder.
 */
describe.skipIf(!hasRuntime("curl"))("the calls to a local server reach it on the route it serves", () => {
  let recorder: Recorder;
  const curlHome = mkdtempSync(join(tmpdir(), "hub-snippets-curlrc-"));
  beforeAll(async () => {
    recorder = await startRecorder();
  });
  afterAll(async () => {
    await recorder.close();
    rmSync(curlHome, { recursive: true, force: true });
  });

  const named = (name: string) => models.find(([candidate]) => candidate === name)?.[1] as ModelRecord;
  const servers: [app: string, model: string, port: number][] = [
    ["llama.cpp", "gguf", 8080],
    ["vllm", "gguf", 8000],
    ["vllm", "transformers-llm", 8000],
    ["sglang", "transformers-llm", 30000],
    ["tgi", "transformers-llm", 8080],
  ];

  /** The one request the app's snippet holding `marker` sends to localhost:<port>, run as written against the recorder. */
  async function requestOf(model: ModelRecord, app: string, marker: string, port: number) {
    const call = getLocalAppSnippets(model, app).find((snippet) => snippet.content.includes(marker));
    expect(call, "a snippet that calls the server").toBeDefined();
    const recorderPort = new URL(recorder.origin).port;
    writeFileSync(join(curlHome, ".curlrc"), `connect-to = localhost:${port}:127.0.0.1:${recorderPort}\nsilent\n`);
    recorder.reset();
    const run = await runSnippet({ language: "sh", client: app, content: call?.content ?? "" }, { env: { CURL_HOME: curlHome } });
    expect(run.code, run.stderr).toBe(0);
    expect(recorder.requests).toHaveLength(1);
    return recorder.requests[0];
  }

  it.each(servers)("%s on %s (port %i)", async (app, name, port) => {
    const model = named(name);
    const request = await requestOf(model, app, "/v1/chat/completions", port);
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers.host).toBe(`localhost:${port}`);
    expect(JSON.parse(request?.body.toString("utf8") ?? "")).toEqual({
      model: model.id,
      messages: [{ role: "user", content: "What is the capital of France?" }],
    });
  });

  /** An embedding or reranking GGUF (test/fixtures/gguf-uses/), called on the route its server's mode serves. */
  const useFixture = (name: string) =>
    ModelRecordSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/gguf-uses/${name}.json`, import.meta.url)), "utf8")));
  const uses: [app: string, fixture: string, port: number, path: string, body: (model: ModelRecord) => unknown][] = [
    ["llama.cpp", "qwen3-embedding-0.6b-gguf", 8080, "/v1/embeddings", (model) => ({ model: model.id, input: expect.any(String) })],
    [
      "llama.cpp",
      "bge-reranker-v2-m3-gguf",
      8080,
      "/v1/rerank",
      (model) => ({ model: model.id, query: expect.any(String), documents: [expect.any(String), expect.any(String)] }),
    ],
    ["ollama", "qwen3-embedding-0.6b-gguf", 11434, "/api/embed", (model) => ({ model: `hf.co/${model.id}:Q8_0`, input: expect.any(String) })],
  ];

  it.each(uses)("%s on %s (port %i) posts to %s", async (app, fixture, port, path, body) => {
    const model = useFixture(fixture);
    const request = await requestOf(model, app, "curl ", port);
    expect({ method: request?.method, path: request?.path, type: request?.headers["content-type"] }).toEqual({
      method: "POST",
      path,
      type: "application/json",
    });
    expect(JSON.parse(request?.body.toString("utf8") ?? "")).toEqual(body(model));
  });
});
