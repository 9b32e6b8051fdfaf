import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDeploySnippets, type DeployPlan, type DeploySnippet } from "../../src/deploy/deploy.js";
import { endpointName } from "../../src/deploy/endpoints-snippet.js";
import type { ModelRecord } from "../../src/model/record.js";
import { endpointsStandin, standinUser, type EndpointsStandin } from "../helpers/endpoints-standin.js";
import { runProcess } from "../helpers/async-process.js";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { removeSnippetDirs, runSnippet, TEST_TOKEN } from "../helpers/run-snippet.js";
import { baseModel, embeddings, example, privateClassifier, reranker, sized } from "./records.js";

/*
 * The Inference Endpoints snippet, unchanged, on the real huggingface_hub of .venv/ against a stand-in of the
 * Endpoints API (test/helpers/endpoints-standin.ts), reached through the start-up redirect: it creates the endpoint
 * (the stand-in keeps the body, checked here against the decision), waits through pending → initializing → running,
 * calls the URL the stand-in gives (the same recorder, answering as the engine would), and pauses it.
 */

const ready = venvHas(["huggingface_hub"]);

let recorder: Recorder;
let standin: EndpointsStandin;
beforeAll(async () => {
  let origin = "";
  standin = endpointsStandin(() => origin);
  recorder = await startRecorder(standin.responder);
  origin = recorder.origin;
});
afterAll(async () => {
  await recorder?.close();
  removeSnippetDirs();
});

type Json = Record<string, unknown>;

interface Case {
  label: string;
  record: ModelRecord;
  engine: string;
  /** The route of the endpoint the call goes to. */
  route: string;
  gated: boolean;
  /** llama.cpp's mode flag for an embedding or reranking GGUF. */
  mode?: string;
}

const ggufUse = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/gguf-uses/${name}.json`, import.meta.url), "utf8")) as ModelRecord;

const cases: Case[] = [
  { label: "a gated chat model on vLLM", record: example("llama-3.1-8b-instruct"), engine: "vllm", route: "/v1/chat/completions", gated: true },
  { label: "a GGUF repository on llama.cpp", record: example("llama-3.2-3b-instruct-gguf"), engine: "llama.cpp", route: "/v1/chat/completions", gated: false },
  {
    label: "an embedding GGUF in llama.cpp's embeddings mode",
    record: ggufUse("qwen3-embedding-0.6b-gguf"),
    engine: "llama.cpp",
    route: "/v1/embeddings",
    gated: false,
    mode: "--embeddings",
  },
  {
    label: "a reranking GGUF in llama.cpp's reranking mode",
    record: ggufUse("bge-reranker-v2-m3-gguf"),
    engine: "llama.cpp",
    route: "/v1/rerank",
    gated: false,
    mode: "--reranking",
  },
  { label: "a base model on vLLM's completions", record: baseModel, engine: "vllm", route: "/v1/completions", gated: false },
  { label: "an embeddings model on TEI", record: embeddings, engine: "tei", route: "/", gated: false },
  { label: "a reranker on TEI", record: reranker, engine: "tei", route: "/rerank", gated: false },
  { label: "a zero-shot classifier on the toolkit", record: example("bart-large-mnli"), engine: "toolkit", route: "/", gated: false },
  { label: "a private classifier on the toolkit", record: privateClassifier, engine: "toolkit", route: "/", gated: true },
  // Record text is data: an id with quotes, a line break and a terminal escape reaches the API as it is written.
  {
    label: "a gated model with a hostile id",
    record: sized('evil/na"me\nimport os; os.system("x")\u001b]52;c;AAAA\u0007', "text-generation", "transformers", 1e9, {
      gated: "manual",
    } as Partial<ModelRecord>),
    engine: "vllm",
    route: "/v1/completions",
    gated: true,
  },
];

function deployOf(record: ModelRecord): { snippet: DeploySnippet; plan: DeployPlan } {
  const answer = getDeploySnippets(record, { target: "endpoints" });
  const [snippet] = answer.snippets;
  const [plan] = answer.plans;
  if (!snippet || !plan) throw new Error(`no endpoints snippet for ${record.id}: ${JSON.stringify(answer.missing)}`);
  return { snippet, plan };
}

describe.runIf(ready)("the Inference Endpoints snippet on huggingface_hub, against a stand-in of the Endpoints API", () => {
  it("runs on the huggingface_hub its checked record names", async () => {
    const checked = getDeploySnippets(baseModel, { target: "endpoints" }).checked.endpoints;
    const version = await runProcess(venvPython, ["-c", "import huggingface_hub; print(huggingface_hub.__version__)"]);
    // The same release line (major.minor): a newer patch release that still runs the code needs no new record.
    const line = (text: string) => text.trim().split(".").slice(0, 2).join(".");
    expect(checked).toMatchObject({ package: "huggingface_hub", proof: "executed" });
    expect(line(checked?.version ?? "")).toBe(line(version.stdout));
  });

  it.each(cases)("$label: created as decided, waited for, called, paused", async ({ record, engine, route, gated, mode }) => {
    const { snippet, plan } = deployOf(record);
    expect(plan.engine.key).toBe(engine);
    const name = endpointName(record.id);
    recorder.reset();
    const run = await runSnippet(snippet, {
      python: venvPython,
      env: { PYTHONPATH: pythonRedirect, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, HUB_SNIPPETS_TEST_NO_SLEEP: "1", HF_HOME: "/nonexistent-hf-home" },
      timeoutMs: 60_000,
    });
    expect(run.code, `${run.stderr}\n--- snippet ---\n${snippet.content}`).toBe(0);

    const body = standin.created.get(name) as Json;
    expect(body, `created ${[...standin.created.keys()].join(", ")}`).toBeDefined();
    const model = body["model"] as Json;
    const compute = body["compute"] as Json;
    expect(model["repository"]).toBe(record.id);
    expect(model["task"]).toBe(record.pipeline_tag ?? "text-generation");
    expect(body["type"]).toBe("authenticated");
    expect(body["provider"]).toEqual({ vendor: plan.instance.vendor, region: plan.instance.region });
    expect(`${String(compute["instanceType"])}-${String(compute["instanceSize"])}`).toBe(plan.instance.name);
    expect(compute["scaling"]).toEqual({ minReplica: 0, maxReplica: 1, scaleToZeroTimeout: 15 });
    const image = model["image"] as Json;
    if (engine === "toolkit") {
      expect(model["framework"]).toBe("pytorch");
      expect(image).toEqual({ huggingface: {} });
    } else {
      expect(model["framework"]).toBe("custom");
      const key = { vllm: "vLLM", tei: "tei", "llama.cpp": "llamacpp" }[engine]!;
      expect(Object.keys(image)).toEqual([key]);
      expect(((image[key] as Json)["url"] as string).length).toBeGreaterThan(0);
    }
    if (engine === "llama.cpp") expect(model["args"]).toEqual(["--model", `/repository/${plan.quant?.file}`, ...(mode === undefined ? [] : [mode])]);
    if (engine === "vllm") expect(model["args"]).toEqual(["--served-model-name", record.id, "--max-model-len", "auto"]);
    // The token reaches the endpoint as a secret, read from the environment: it is nowhere in the code.
    expect(model["secrets"]).toEqual(gated ? { HF_TOKEN: TEST_TOKEN } : undefined);
    expect(snippet.content).not.toContain(TEST_TOKEN);

    const paths = recorder.requests.map((request) => `${request.method} ${request.path}`);
    const api = `/__host/api.endpoints.huggingface.cloud/v2/endpoint/${standinUser}`;
    // Looked up first (404: none yet), created, waited for, paused.
    const lifecycle = [`GET ${api}/${name}`, `POST ${api}`, `GET ${api}/${name}`, `GET ${api}/${name}`, `POST ${api}/${name}/pause`];
    expect(paths.filter((path) => path.includes(api))).toEqual(lifecycle);
    const call = recorder.requests.find((request) => request.method === "POST" && request.path === `/endpoint/${name}${route === "/" ? "" : route}`);
    expect(call, paths.join("\n")).toBeDefined();
    expect(call?.headers["authorization"]).toBe(`Bearer ${TEST_TOKEN}`);
    expect(paths).toContain(`GET /endpoint/${name}/health`);
  });

  it("runs twice: the second run resumes the endpoint the first one paused, and creates none", async () => {
    // A model no other case creates: the stand-in keeps what each run made.
    const model = sized("acme/run-twice", "text-generation", "transformers", 1e9);
    const { snippet } = deployOf(model);
    const name = endpointName(model.id);
    const env = { PYTHONPATH: pythonRedirect, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, HUB_SNIPPETS_TEST_NO_SLEEP: "1", HF_HOME: "/nonexistent-hf-home" };
    for (const round of [1, 2]) {
      recorder.reset();
      const run = await runSnippet(snippet, { python: venvPython, env, timeoutMs: 60_000 });
      expect(run.code, `run ${round}: ${run.stderr}`).toBe(0);
      const api = `/__host/api.endpoints.huggingface.cloud/v2/endpoint/${standinUser}`;
      const posts = recorder.requests.filter((request) => request.method === "POST" && request.path.startsWith(api)).map((request) => request.path);
      expect(posts).toEqual(round === 1 ? [api, `${api}/${name}/pause`] : [`${api}/${name}/resume`, `${api}/${name}/pause`]);
    }
    expect(standin.resumed.has(name)).toBe(true);
  });
});
