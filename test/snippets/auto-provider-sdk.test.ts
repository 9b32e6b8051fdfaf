import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerMappingOf, type ProviderMappingEntry } from "../../src/model/provider-mapping.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { outputFileOf } from "../../src/inference/body.js";
import { inferenceKindOf } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { modelApiRequests, withHubModelApi } from "../helpers/hub-mapping-responder.js";
import { withMappedTask } from "../helpers/hub-record-rules.js";
import { hubRecordExpectations, readHubRecordJson } from "../helpers/hub-records.js";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import type { RecordedRequest, Responder } from "../helpers/recorder.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";
import { providerResponder, sdkResponder, type Sdk } from "../helpers/sdk-responder.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * The SDK snippets of corpus records' default answers (test/fixtures/hub-records/) run unchanged on the real
 * @huggingface/inference and huggingface_hub, against a recorder that answers the Hub's model API with the record
 * itself (hub-mapping-responder.ts). For a task other than chat the SDK looks the mapping up and, with `auto`, calls
 * the provider of its first entry: the route it then posts to shows the provider it picked. For chat it asks nothing
 * and leaves the choice to the router. Where the mapping's first entry is not live, the default snippet names the
 * first live provider instead, and `--provider auto` is shown to call the entry that is not live.
 */

const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));
const pythonReady = venvHas(["huggingface_hub", "PIL"]);
const expectations = hubRecordExpectations();

type Json = Record<string, unknown>;
const sdkClients: Record<Sdk, { language: "js" | "python"; client: string }> = {
  js: { language: "js", client: "huggingface.js" },
  python: { language: "python", client: "huggingface_hub" },
};

interface Run {
  label: string;
  record: Json;
  kind: InferenceKind;
  sdk: Sdk;
  snippet: Snippet;
  /** The provider whose API the recorder plays after the look-up: the one the SDK should pick. */
  answering: string;
  outcome?: PoolOutcome;
}

const inferenceKind = (record: Json) => inferenceKindOf(withMappedTask(ModelRecordSchema.parse(record)))!;
const entriesOf = (record: Json) => providerMappingOf(ModelRecordSchema.parse(record));

/** The snippet of one SDK for a record: its default answer's, or with `auto` asked for, the `--provider auto` one. */
function sdkSnippet(record: Json, sdk: Sdk, asked: "default" | "auto"): Snippet {
  const model = ModelRecordSchema.parse(record);
  const { language, client } = sdkClients[sdk];
  const [snippet] =
    asked === "default"
      ? getModelSnippets(model, { kind: "inference", language, client }).snippets
      : getInferenceSnippets(withMappedTask(model), { provider: "auto", language, client });
  if (!snippet) throw new Error(`no ${sdk} ${asked} snippet for ${String(record["id"])}`);
  return snippet;
}

/** What answers the SDK's calls once it has chosen: hf-inference as the Hub's own API, any other provider in its own format. */
function callResponder(kind: InferenceKind, sdk: Sdk, provider: string): Responder {
  return kind.startsWith("conversational") || provider === "hf-inference" ? sdkResponder(kind, sdk) : providerResponder(kind, provider);
}

const runs: Run[] = [];
function plan(label: string, record: Json, answering: string, asked: "default" | "auto" = "default"): void {
  const kind = inferenceKind(record);
  for (const sdk of ["js", "python"] as const) {
    if (sdk === "python" && !pythonReady) continue;
    runs.push({ label: `${label} ${sdkClients[sdk].client}`, record, kind, sdk, snippet: sdkSnippet(record, sdk, asked), answering });
  }
}

// qwq-32b-unknown-providers is live only on providers the table does not know: the router still routes its chat.
// deepseek-v3.2-chat-without-tag lacks the conversational tag: its live providers serving it as chat make it chat.
const chatRecords = ["llama-3.3-70b-instruct", "qwen2.5-7b-instruct-model-list", "deepseek-r1", "qwq-32b-unknown-providers", "deepseek-v3.2-chat-without-tag"];
const routedRecords = ["flux.1-schnell-fal-only", "kokoro-82m-text-to-speech", "whisper-large-v3-turbo", "kokoro-82m-replicate-version-list"];
/** LoRA records: the SDKs read the adapter from the mapping they look up, and send it with the base endpoint. */
const loraRecords: Record<string, (body: string) => void> = {
  "flux-midjourney-mix2-lora-fal": (body) =>
    expect(body).toContain("https://huggingface.co/strangerzonehf/Flux-Midjourney-Mix2-LoRA/resolve/main/mjV6.safetensors"),
  "softserve-anime-replicate-lora": (body) => expect(body).toContain("https://huggingface.co/alvdansen/softserve_anime"),
  // fal-ai/lora serves any base model: the SDKs name it (model_name), SDXL for this adapter.
  "pixel-art-xl-fal-lora-base-model": (body) => {
    expect(body).toContain("https://huggingface.co/nerijs/pixel-art-xl/resolve/main/pixel-art-xl.safetensors");
    expect(body).toMatch(/"model_name":\s*"stabilityai\/stable-diffusion-xl-base-1\.0"/);
  },
};

/** The first entry of the mapping: the provider both SDKs pick for "auto". */
const firstEntry = (record: Json): ProviderMappingEntry => entriesOf(record)[0]!;
/** The first live entry: where the corpus says the raw calls go. */
const firstLive = (record: Json): ProviderMappingEntry => entriesOf(record).find((entry) => entry.status === "live")!;

for (const name of chatRecords) plan(name, readHubRecordJson(name), "router");
for (const name of [...routedRecords, ...Object.keys(loraRecords)]) plan(name, readHubRecordJson(name), firstLive(readHubRecordJson(name)).provider);

// Control: the same snippet, with the Hub answering replicate first, must go to replicate.
const schnell = readHubRecordJson("flux.1-schnell-fal-only");
const schnellReplicateFirst: Json = {
  ...schnell,
  inferenceProviderMapping: {
    replicate: { status: "live", providerId: "black-forest-labs/flux-schnell", task: "text-to-image" },
    ...(schnell["inferenceProviderMapping"] as Json),
  },
};
plan("control: replicate listed first", schnellReplicateFirst, "replicate");

// Where the Hub lists a staging or erroring provider first, the SDKs would call it with "auto" (they cannot skip it
// client-side): the default snippet names the first live provider, and `--provider auto` shows why.
const notLiveFirstRecords = ["stable-diffusion-3.5-large-staging-first", "flux.1-krea-dev-expand"];
for (const name of notLiveFirstRecords) {
  const record = readHubRecordJson(name);
  plan(`${name} (default)`, record, firstLive(record).provider);
  plan(`${name} (--provider auto, first entry ${firstEntry(record).status})`, record, firstEntry(record).provider, "auto");
}

// A provider the table does not know, asked for by name on a chat model that maps it live: the SDKs' automatic chat
// with the router's `<id>:<provider>` model name.
const qwq = readHubRecordJson("qwq-32b-unknown-providers");
const suffixLabel = "qwq-32b --provider nebius";
for (const sdk of ["js", "python"] as const) {
  if (sdk === "python" && !pythonReady) continue;
  const { language, client } = sdkClients[sdk];
  const [snippet] = getModelSnippets(ModelRecordSchema.parse(qwq), { provider: "nebius", language, client }).snippets;
  if (snippet) runs.push({ label: `${suffixLabel} ${client}`, record: qwq, kind: "conversational", sdk, snippet, answering: "router" });
}

let pool: RecorderPool | undefined;
let hfHome = "";

beforeAll(async () => {
  hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-auto-hf-home-"));
  pool = await RecorderPool.start(2);
  const jobs: PoolJob[] = runs.map((run) => {
    const responder = withHubModelApi(run.record, callResponder(run.kind, run.sdk, run.answering));
    const redirect = run.sdk === "js" ? { nodeArgs: ["--import", preload] } : { python: venvPython };
    const env: Record<string, string> = run.sdk === "python" ? { HF_HOME: hfHome, PYTHONPATH: pythonRedirect } : {};
    return { snippet: run.snippet, responder, env, timeoutMs: 30_000, redirect };
  });
  const outcomes = await pool.runAll(jobs);
  runs.forEach((run, index) => (run.outcome = outcomes[index]));
}, 300_000);

afterAll(async () => {
  await pool?.close();
  removeSnippetDirs();
  if (hfHome) rmSync(hfHome, { recursive: true, force: true });
});

/** The requests the run made (whether or not it finished). */
function requestsOf(run: Run): RecordedRequest[] {
  const outcome = run.outcome;
  if (!outcome?.ok) throw new Error(`${run.label} did not run: ${outcome ? outcome.error : "never started"}`);
  return outcome.requests;
}

/** The run exited 0 (else its failure, with what it printed). */
function expectFinished(run: Run): Run & { outcome: PoolOutcome & { ok: true } } {
  const outcome = run.outcome;
  if (!outcome?.ok) throw new Error(`${run.label} did not run: ${outcome ? outcome.error : "never started"}`);
  expect(outcome.run.code, `${run.label}\n${run.snippet.content}\n--- stderr ---\n${outcome.run.stderr.slice(-1500)}`).toBe(0);
  return { ...run, outcome };
}

const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === "POST");
const providerRoute = (provider: string) => `/__host/router.huggingface.co/${provider}/`;

/** The one inference POST must go to this provider's route under the router, naming its model id. */
function expectRoutedTo(run: Run, entry: ProviderMappingEntry, chosenBy: "auto" | "snippet" = "auto"): void {
  const requests = requestsOf(run);
  const lookups = modelApiRequests(requests).filter((request) => /[?&]expand(\[\]|%5B%5D)?=inferenceProviderMapping/.test(request.path));
  expect(lookups.length, `${run.label}: the mapping look-up`).toBeGreaterThanOrEqual(1);
  const [post, ...more] = posts(requests);
  expect(more, `${run.label}: one inference POST`).toEqual([]);
  expect(post?.path, run.label).toMatch(new RegExp(`^${providerRoute(entry.provider)}`));
  // The provider's own name for the model travels in the path (fal, replicate, hf-inference) or in the body (OpenAI-style
  // APIs); a versioned Replicate id (owner/name:hash) is posted to /v1/predictions as {"version": hash}.
  const versioned = entry.provider === "replicate" && entry.providerId.includes(":");
  const named = entry.provider === "hf-inference" ? `/models/${entry.providerId}` : versioned ? entry.providerId.split(":")[1]! : entry.providerId;
  if (versioned) expect(post?.path, run.label).toBe(`${providerRoute("replicate")}v1/predictions`);
  expect(`${decodeURIComponent(post?.path ?? "")} ${post?.body.toString("utf8") ?? ""}`, run.label).toContain(named);
  if (run.sdk === "js" && chosenBy === "auto")
    expect(run.outcome?.ok && run.outcome.run.stdout, run.label).toContain(`Auto selected provider: ${entry.provider}`);
}

/** The answer reached the user: the media saved, or the text printed. */
function expectAnswerUsed(run: Run & { outcome: PoolOutcome & { ok: true } }): void {
  const request = buildInferenceRequest(withMappedTask(ModelRecordSchema.parse(run.record)), { provider: "auto" })!;
  const output = outputFileOf(request);
  if (output) {
    const path = join(run.outcome.run.dir, output);
    expect(existsSync(path) && readFileSync(path).length > 0, `${run.label} wrote ${output}`).toBe(true);
  } else expect(run.outcome.run.stdout.trim(), run.label).not.toBe("");
}

const runsOf = (prefix: string) => runs.filter((run) => run.label.startsWith(`${prefix} `));
const never = (name: string) => expectations[name]?.never ?? [];

describe("SDK snippets with provider auto, against a Hub that answers the record's mapping", () => {
  it("runs both SDKs on every record (huggingface_hub where .venv has it)", () => {
    const records = chatRecords.length + routedRecords.length + Object.keys(loraRecords).length + 1 + 2 * notLiveFirstRecords.length + 1;
    expect(runs.filter((run) => run.sdk === "js").length).toBe(records);
    expect(runs.filter((run) => run.sdk === "python").length).toBe(pythonReady ? records : 0);
  });

  describe.each(chatRecords)("chat: %s", (name) => {
    it.each(runsOf(name).map((run) => [run.sdk, run] as const))("%s leaves the choice to the router: no look-up, the plain model id", (_sdk, run) => {
      expectFinished(run);
      const requests = requestsOf(run);
      expect(modelApiRequests(requests).filter((request) => request.path.includes("inferenceProviderMapping"))).toEqual([]);
      const [post, ...more] = posts(requests);
      expect(more).toEqual([]);
      expect(post?.path).toBe("/__host/router.huggingface.co/v1/chat/completions");
      expect((JSON.parse(post!.body.toString("utf8")) as { model?: string }).model).toBe(run.record["id"]);
      for (const provider of never(name)) expect(requests.some((request) => request.path.includes(providerRoute(provider)))).toBe(false);
      expect(run.outcome?.ok && run.outcome.run.stdout).toContain("Hello world");
    });
  });

  it.each(runsOf(suffixLabel).map((run) => [run.sdk, run] as const))(
    "%s reaches a provider the table does not know through the router's chat, as <id>:nebius",
    (_sdk, run) => {
      expectFinished(run);
      const requests = requestsOf(run);
      const [post, ...more] = posts(requests);
      expect(more).toEqual([]);
      expect(post?.path).toBe("/__host/router.huggingface.co/v1/chat/completions");
      expect((JSON.parse(post!.body.toString("utf8")) as { model?: string }).model).toBe("Qwen/QwQ-32B:nebius");
      expect(run.outcome?.ok && run.outcome.run.stdout).toContain("Hello world");
    },
  );

  describe.each(routedRecords)("%s", (name) => {
    const record = readHubRecordJson(name);
    const cases = runsOf(name).map((run) => [run.sdk, run] as const);
    it.each(cases)("%s calls the first live provider of the mapping, never a staging or erroring one", (_sdk, run) => {
      const live = firstLive(record);
      expect(live.provider).toBe(expectations[name]?.providers.raw);
      expectRoutedTo(run, live);
      for (const provider of never(name)) expect(requestsOf(run).some((request) => request.path.includes(providerRoute(provider)))).toBe(false);
    });
    // huggingface.js polls fal's queue on timers that do not keep Node running: the snippet holds it open.
    it.each(cases)("%s finishes and saves or prints the answer", (_sdk, run) => {
      expectAnswerUsed(expectFinished(run));
    });
  });

  describe.each(Object.keys(loraRecords))("LoRA: %s", (name) => {
    it.each(runsOf(name).map((run) => [run.sdk, run] as const))("%s calls the base endpoint of the mapping with the adapter's weights", (_sdk, run) => {
      expectRoutedTo(run, firstLive(run.record));
      const [post] = posts(requestsOf(run));
      loraRecords[name]!(post?.body.toString("utf8") ?? "");
      expectAnswerUsed(expectFinished(run));
    });
  });

  it.each(runsOf("control:").map((run) => [run.sdk, run] as const))(
    "%s follows the Hub's answer: with replicate listed first, it calls replicate",
    (_sdk, run) => {
      expectRoutedTo(run, firstEntry(schnellReplicateFirst));
    },
  );
});

describe("where the Hub lists a staging or erroring provider first", () => {
  for (const name of notLiveFirstRecords) {
    it.each(runsOf(`${name} (default)`).map((run) => [run.sdk, run] as const))(
      `${name}: the default %s snippet names the first live provider, which it calls`,
      (_sdk, run) => {
        const live = firstLive(run.record);
        expect(live.provider).toBe(expectations[name]?.providers.raw);
        expectRoutedTo(run, live, "snippet");
        expectAnswerUsed(expectFinished(run));
      },
    );
    it.each(runsOf(`${name} (--provider auto,`).map((run) => [run.sdk, run] as const))(
      `${name}: with --provider auto, %s takes the first entry, which is not live`,
      (_sdk, run) => {
        const first = firstEntry(run.record);
        expect(first.status).not.toBe("live");
        expectRoutedTo(run, first);
      },
    );
  }
});
