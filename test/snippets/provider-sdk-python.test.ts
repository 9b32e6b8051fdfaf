import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getProvider, listProviders, providerTaskOf } from "../../src/catalogue/providers.js";
import { outputFileOf } from "../../src/snippets/inference/body.js";
import { buildInferenceRequest, type InferenceRequest } from "../../src/snippets/inference/request.js";
import { providerCorpus, recordFor, type CorpusEntry } from "../helpers/corpus.js";
import type { RecordedRequest } from "../helpers/recorder.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { tmpdir } from "node:os";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { removeSnippetDirs, sampleFiles } from "../helpers/run-snippet.js";
import { mediaOutputOf, pngOutput, providerAnswerMarker, providerModelId, providerResponder, sdkSample } from "../helpers/sdk-responder.js";

/*
 * The Python SDK snippets (huggingface_hub, openai) of every provider of the table run unchanged on the real
 * packages in .venv/ (scripts/python-venv.sh), their HTTP client sent by ./python-redirect to a recorder that answers as that provider does
 * (the Hub's provider mapping first, then the provider's own answer: job receipts, status polls, media links).
 * Checked: method, path, authorization, that the example travels in the body, and what the snippet made of the
 * answer (printed it, or saved the media it downloaded). sdkSample keeps every provider × task once per SDK.
 */

const available = venvHas(["huggingface_hub", "openai", "PIL"]);
const HF_TOKEN = "hf_test_token";
const PROVIDER_KEY = "provider_test_key";
const WORKERS = 2;

const entries = sdkSample(providerCorpus().filter((entry) => entry.snippet.language === "python" && (entry.snippet.client === "huggingface_hub" || entry.snippet.client === "openai")), { directChat: false });
const providerOf = (entry: CorpusEntry) => entry.optionSet.split(":")[1] as string;
const isDirect = (entry: CorpusEntry) => entry.optionSet.startsWith("direct:");
const label = (entry: CorpusEntry) => `${entry.kind} [${entry.optionSet}] python/${entry.snippet.client}`;

const redirected = (url: string) => {
  const parsed = new URL(url);
  return `/__host/${parsed.host}${parsed.pathname}${parsed.search}`;
};

/** The request our raw clients describe for the same call, on a record carrying the mapping the fake Hub answers. */
function mappedRequest(entry: CorpusEntry): InferenceRequest | undefined {
  const provider = providerOf(entry);
  const record = recordFor(entry.kind, { inferenceProviderMapping: { [provider]: { providerId: providerModelId(entry.kind, provider), status: "live", task: providerTaskOf(entry.kind) } } });
  return buildInferenceRequest(record, entry.options);
}

/** Where huggingface_hub calls another route of the provider than our raw clients (and huggingface.js), and why. */
const pythonRoutes: Record<string, { why: string; path: (modelId: string) => string }> = {
  "fal-ai text-to-image": { why: "huggingface_hub calls fal's synchronous host, not the queue", path: (id) => `/__host/router.huggingface.co/fal-ai/${id}` },
  "novita text-to-video": { why: "huggingface_hub posts to Novita's synchronous /v3/hf route", path: (id) => `/__host/router.huggingface.co/novita/v3/hf/${id}` },
  "novita text-generation": { why: "huggingface_hub posts the prompt to Novita's completions route, ours as a chat message", path: () => "/__host/router.huggingface.co/novita/v3/openai/completions" },
};

/** Where the one inference request must go; a trailing `*` means a prefix (routes only the SDK knows). */
function expectedTarget(entry: CorpusEntry): string {
  const provider = getProvider(providerOf(entry))!;
  const chat = entry.kind.startsWith("conversational");
  const ours = mappedRequest(entry);
  const differs = pythonRoutes[`${provider.id} ${entry.kind}`];
  if (differs && !isDirect(entry) && entry.snippet.client === "huggingface_hub") return differs.path(providerModelId(entry.kind, provider.id));
  if (chat && !isDirect(entry)) {
    // The OpenAI client uses the router's OpenAI-compatible route; huggingface_hub the provider's route under the router.
    return entry.snippet.client === "openai" ? "/__host/router.huggingface.co/v1/chat/completions" : `/__host/router.huggingface.co/${provider.id}${provider.chatPath}`;
  }
  if (ours?.url) return redirected(ours.url);
  // SDK-only routes (multipart uploads, per-model bodies): at least the provider's own prefix.
  return isDirect(entry) ? `${redirected(provider.directBaseUrl).replace(/\/$/, "")}*` : `/__host/router.huggingface.co/${provider.id}/*`;
}

function expectedAuthorization(entry: CorpusEntry): string {
  if (!isDirect(entry)) return `Bearer ${HF_TOKEN}`;
  return `${mappedRequest(entry)?.call?.authScheme ?? getProvider(providerOf(entry))?.authScheme ?? "Bearer"} ${PROVIDER_KEY}`;
}

const isHubApi = (sent: RecordedRequest) => sent.method === "GET" && sent.path.startsWith("/__host/huggingface.co/api/");

function problemsOf(entry: CorpusEntry, outcome: PoolOutcome | undefined): string[] {
  if (!outcome) return ["was never run"];
  if (!outcome.ok) return [`could not run: ${outcome.error}`];
  const problems: string[] = [];
  if (outcome.run.code !== 0) problems.push(`exit ${outcome.run.code}: ${outcome.run.stderr.trim().split("\n").slice(0, 6).join(" | ").slice(0, 600)}`);
  const posts = outcome.requests.filter((sent) => sent.method === "POST");
  const others = outcome.requests.filter((sent) => sent.method !== "POST" && !isHubApi(sent));
  // GETs are status polls (under the provider's route) and media downloads (the links of the answer).
  const strays = others.filter((sent) => sent.method !== "GET" || sent.path.startsWith("/__host/huggingface.co/") || (sent.path.startsWith("/__host/router.huggingface.co/") && !sent.path.startsWith(`/__host/router.huggingface.co/${providerOf(entry)}/`)));
  if (strays.length > 0) problems.push(`unexpected requests: ${strays.map((sent) => `${sent.method} ${sent.path}`).join(", ")}`);
  if (posts.length !== 1) return [...problems, `expected one inference POST, saw ${posts.map((sent) => sent.path).join(", ") || "none"}`];
  const sent = posts[0] as RecordedRequest;
  const target = expectedTarget(entry);
  const pathOk = target.endsWith("*") ? sent.path.startsWith(target.slice(0, -1)) : sent.path === target;
  if (!pathOk) problems.push(`POST ${sent.path}, expected ${target}`);
  if (sent.headers.authorization !== expectedAuthorization(entry)) problems.push(`authorization ${JSON.stringify(sent.headers.authorization)}, expected ${JSON.stringify(expectedAuthorization(entry))}`);
  problems.push(...bodyProblems(entry, sent), ...outputProblems(entry, outcome));
  return problems;
}

/** The example travels: the prompt or text as is, chat messages exactly, files byte for byte (raw, base64 or multipart). */
function bodyProblems(entry: CorpusEntry, sent: RecordedRequest): string[] {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
  const example = request.example;
  const text = sent.body.toString("utf8");
  const problems: string[] = [];
  if ("file" in example) {
    const sample = sampleFiles[example.file === "audio" ? "sample.flac" : "image.jpg"]!;
    if (!sent.body.includes(sample) && !text.includes(sample.toString("base64"))) problems.push("the sample file is not in the body");
  }
  if (example.shape === "chat") {
    const body = JSON.parse(text) as { model?: string; messages?: unknown; stream?: boolean };
    if (JSON.stringify(body.messages) !== JSON.stringify(example.messages)) problems.push(`messages ${JSON.stringify(body.messages)} differ from the example`);
    // The OpenAI client sends the model the snippet names; huggingface_hub the provider's id from the mapping (but for
    // OpenAI, which it calls without asking the Hub: the snippet's `openai/<id>` without the prefix).
    const model = entry.snippet.client === "openai" || providerOf(entry) === "openai" ? request.chatModel : providerModelId(entry.kind, providerOf(entry));
    if (body.model !== model) problems.push(`model ${JSON.stringify(body.model)}, expected ${JSON.stringify(model)}`);
  }
  if (example.shape === "text" && !text.includes(JSON.stringify(example.text))) problems.push(`the text ${JSON.stringify(example.text)} is not in the body`);
  if (example.shape === "file-prompt" && !text.includes(JSON.stringify(example.prompt))) problems.push(`the prompt ${JSON.stringify(example.prompt)} is not in the body`);
  return problems;
}

function outputProblems(entry: CorpusEntry, outcome: PoolOutcome & { ok: true }): string[] {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
  const output = outputFileOf(request);
  if (output) {
    const path = join(outcome.run.dir, output);
    if (!existsSync(path)) return [`did not write ${output}`];
    const written = readFileSync(path);
    // An image comes back as a PIL image and is saved anew: compare the PNG header (size and colour type), not the bytes.
    const same = request.spec.response === "image" ? written.subarray(0, 26).equals(pngOutput.subarray(0, 26)) : written.equals(mediaOutputOf(entry.kind));
    return same ? [] : [`${output} does not hold the media the answer linked`];
  }
  // huggingface_hub prints the segmentation mask as the PIL image it decoded from the answer's PNG.
  const marker = entry.kind.startsWith("conversational") ? "Hello world" : entry.kind === "image-segmentation" ? "size=2x1" : providerAnswerMarker(entry.kind);
  return marker && outcome.run.stdout.includes(marker) ? [] : [`printed ${JSON.stringify(outcome.run.stdout.slice(0, 300))}, which does not show the answer's ${JSON.stringify(marker)}`];
}

let pool: RecorderPool | undefined;
let outcomes: PoolOutcome[] = [];

let hfHome = "";

describe.skipIf(!available)("every provider's Python SDK snippets run on the real packages against the recorder", () => {
  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(WORKERS);
    const keys = Object.fromEntries(listProviders().map((provider) => [provider.apiKeyEnv, PROVIDER_KEY]));
    outcomes = await pool.runAll(
      entries.map((entry) => ({
        snippet: entry.snippet,
        responder: providerResponder(entry.kind, providerOf(entry)),
        env: { ...keys, HF_TOKEN, HF_HOME: hfHome, PYTHONPATH: pythonRedirect },
        timeoutMs: 30_000,
        redirect: { python: venvPython },
      })),
    );
  }, 300_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
    const ran = (client: string) => entries.filter((entry, index) => entry.snippet.client === client && outcomes[index]?.ok).length;
    console.log(`executed ${ran("huggingface_hub")} huggingface_hub and ${ran("openai")} openai Python provider snippets against 127.0.0.1`);
  });

  it("covers every provider of the table and every task it serves, per SDK", () => {
    const all = providerCorpus().filter((entry) => entry.snippet.language === "python");
    for (const client of ["huggingface_hub", "openai"]) {
      const wanted = new Set(all.filter((entry) => entry.snippet.client === client).map((entry) => `${providerOf(entry)} ${entry.kind}`));
      const run = new Set(entries.filter((entry) => entry.snippet.client === client).map((entry) => `${providerOf(entry)} ${entry.kind}`));
      expect([...wanted].filter((call) => !run.has(call)), client).toEqual([]);
    }
    const providers = new Set(entries.map(providerOf));
    expect(listProviders().filter((provider) => provider.id !== "hf-inference" && !providers.has(provider.id)).map((provider) => provider.id)).toEqual([]);
  });

  // fal_client is not in the local Python index, so its snippets are not executed here: their calls
  // (fal_client.upload_file(path), fal_client.submit(application, arguments=...), handle.get(), key in FAL_KEY)
  // were checked against fal_client's documentation; this keeps them to that API.
  it("fal_client snippets keep to the documented fal_client API (not installable here, so not executed)", () => {
    const fal = providerCorpus().filter((entry) => entry.snippet.client === "fal_client");
    expect(fal.length).toBeGreaterThan(0);
    for (const entry of fal) {
      expect(entry.snippet.content).toMatch(/handle = fal_client\.submit\(\n {4}"[^"]+",\n {4}arguments=\{/);
      expect(entry.snippet.content).toContain("result = handle.get()");
      expect(entry.snippet.content).toContain('os.environ.setdefault("FAL_KEY"');
    }
  });

  entries.forEach((entry, index) => {
    it(label(entry), () => {
      const problems = problemsOf(entry, outcomes[index]);
      const outcome = outcomes[index];
      const detail = outcome?.ok ? `\n--- snippet ---\n${entry.snippet.content}\n--- requests ---\n${outcome.requests.map((sent) => `${sent.method} ${sent.path}`).join("\n")}\n--- stderr ---\n${outcome.run.stderr.slice(0, 1500)}` : "";
      expect(problems, `${label(entry)}${detail}`).toEqual([]);
    });
  });
});
