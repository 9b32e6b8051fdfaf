import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { outputFileOf, requestBody } from "../../src/inference/body.js";
import { sampleFiles } from "../../src/model/examples.js";
import { type InferenceRequest, type InferenceSnippetOptions } from "../../src/inference/request.js";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { recordFor, type CorpusEntry } from "./corpus.js";
import { pythonRedirect, venvPython } from "./python-venv.js";
import type { RecordedRequest } from "./recorder.js";
import type { PoolJob, PoolOutcome } from "./recorder-pool.js";
import { sampleFiles as sampleBytesByName } from "./run-snippet.js";
import { answerMarker, mappedProvider, mediaOutputOf, pngOutput, sdkResponder } from "./sdk-responder.js";
import { buildInferenceRequest } from "./record-twins.js";

/*
 * What a Python SDK snippet (huggingface_hub, openai) must do when it runs unchanged on the real package, said
 * from the request description, independently of the templates: the one inference request it sends (method,
 * path, headers, body) and what it makes of the answer. sitecustomize.py (./python-redirect) points the
 * packages' HTTP client at the recorder; sdkResponder answers as the Hub and the router would.
 */

export const RUN_TIMEOUT_MS = 30_000;
const API_TOKEN_VALUE = "api_test_token";
const HF_TOKEN_VALUE = "hf_test_token";
export const sdkClients = ["huggingface_hub", "openai"] as const;
export type SdkClient = (typeof sdkClients)[number];

export interface Case {
  label: string;
  model: ModelRecord;
  client: SdkClient;
  /** The request as the generator describes it. */
  request: InferenceRequest;
  options: InferenceSnippetOptions;
  snippet: Snippet;
}

export function sdkCase(label: string, model: ModelRecord, options: InferenceSnippetOptions, snippet: Snippet): Case {
  const request = buildInferenceRequest(model, options);
  if (!request) throw new Error(`${label}: a snippet but no request`);
  return { label, model, client: snippet.client as SdkClient, request, options, snippet };
}

export function corpusCase(entry: CorpusEntry): Case {
  return sdkCase(`${entry.kind} [${entry.optionSet}] python/${entry.snippet.client}`, recordFor(entry.kind), entry.options, entry.snippet);
}

// ---------------------------------------------------------------------------------------------------------------
// What the packages must send, said from the request description, independently of the templates

/** The path a request to this URL reaches the recorder by: the redirect keeps the host in the path. */
function redirected(url: string): string {
  const parsed = new URL(url);
  return `/__host/${parsed.host}${parsed.pathname}${parsed.search}`;
}

const routed = (path: string) => redirected(`https://router.huggingface.co${path}`);

function expectedAuthorization(options: InferenceSnippetOptions): string {
  if (options.token !== undefined) return `Bearer ${options.token}`;
  return options.endpointUrl !== undefined ? `Bearer ${API_TOKEN_VALUE}` : `Bearer ${HF_TOKEN_VALUE}`;
}

/** The URL a raw HTTP client of the same model posts to on hf-inference: the SDK must post there too. */
function hfInferenceUrl(c: Case): string {
  const raw = buildInferenceRequest(c.model, { ...c.options, provider: "hf-inference" });
  if (!raw?.url) throw new Error(`${c.label}: no hf-inference URL`);
  return raw.url;
}

/** Where the one inference request goes; a `prefix:` result means a provider route under that prefix. */
function expectedPath(c: Case): string {
  const { request } = c;
  const chat = request.spec.request === "chat";
  if (request.endpointUrl) return redirected(chat ? `${request.endpointUrl}/v1/chat/completions` : request.endpointUrl);
  if (chat) {
    // The OpenAI client and huggingface_hub's "auto" use the router's OpenAI-compatible route; huggingface_hub
    // with a named provider uses that provider's route.
    if (c.client === "openai" || request.provider === "auto") return routed("/v1/chat/completions");
    return routed(`/${request.provider}/models/${request.modelId}/v1/chat/completions`);
  }
  if (mappedProvider(request.kind) !== "hf-inference") return `prefix:${routed(`/${mappedProvider(request.kind)}/`)}`;
  return redirected(hfInferenceUrl(c));
}

export const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString("utf8"));
  } catch {
    return undefined;
  }
}

function sampleOf(request: InferenceRequest): { bytes: Buffer; contentType: string } {
  const file = request.spec.file;
  if (!file) throw new Error(`${request.kind} reads no sample file`);
  const { name, contentType } = sampleFiles[file];
  const bytes = sampleBytesByName[name];
  if (!bytes) throw new Error(`runSnippet writes no ${name}`);
  return { bytes, contentType };
}

type JsonObject = Record<string, unknown>;
const objectAt = (value: unknown): JsonObject => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : {});

/** huggingface_hub writes `parameters: {}` when a task has none; hf-inference reads that as no parameters. */
function withoutEmptyParameters(body: JsonObject): JsonObject {
  const { parameters, ...rest } = body;
  return parameters !== undefined && Object.keys(objectAt(parameters)).length === 0 ? rest : body;
}

function withoutParameter(body: JsonObject, name: string): JsonObject {
  const { [name]: _dropped, ...parameters } = objectAt(body.parameters);
  return withoutEmptyParameters({ ...body, parameters });
}

/**
 * Where huggingface_hub's body differs on purpose from the raw clients' (and huggingface.js's) for the same call:
 * why, and the body in the raw clients' shape.
 */
const huggingfaceHubBodies: Partial<Record<InferenceKind, { why: string; asRawBody: (body: JsonObject) => JsonObject }>> = {
  "tabular-classification": {
    why: "huggingface_hub sends the table as a top-level `table`, the raw clients and huggingface.js as `inputs.data`",
    asRawBody: ({ table, ...rest }) => withoutEmptyParameters({ inputs: { data: table }, ...rest }),
  },
  "table-question-answering": {
    why: "huggingface_hub also copies the model id into `parameters.model`",
    asRawBody: (body) => withoutParameter(body, "model"),
  },
  "visual-question-answering": {
    why: "huggingface_hub sends the image as `inputs` and again as a top-level `image`, beside a top-level `question`; the raw clients and huggingface.js send `inputs: {image, question}`",
    asRawBody: ({ inputs, image, question, ...rest }) =>
      inputs === image ? withoutEmptyParameters({ inputs: { image, question }, ...rest }) : { inputs, image, question, ...rest },
  },
  "zero-shot-classification": {
    why: "huggingface_hub also sends its default `multi_label: false`",
    asRawBody: (body) => (objectAt(body.parameters).multi_label === false ? withoutParameter(body, "multi_label") : body),
  },
};

function chatBodyProblems(c: Case, body: unknown): string[] {
  const { request } = c;
  if (request.example.shape !== "chat") return ["a chat request without chat messages"];
  const sent = (body ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  const model = c.client === "openai" ? request.chatModel : request.modelId;
  if (sent.model !== model) problems.push(`model ${JSON.stringify(sent.model)}, expected ${JSON.stringify(model)}`);
  if (!isDeepStrictEqual(sent.messages, request.example.messages)) problems.push(`messages ${clip(JSON.stringify(sent.messages))} differ from the example`);
  if (Boolean(sent.stream) !== request.stream) problems.push(`stream ${JSON.stringify(sent.stream)}, expected ${request.stream}`);
  return problems;
}

/** A provider with its own body shape (wavespeed here): the example must still travel, whatever the field names. */
function providerBodyProblems(c: Case, body: unknown): string[] {
  const text = JSON.stringify(body);
  const problems: string[] = [];
  const example = c.request.example;
  if ("file" in example && !text.includes(sampleOf(c.request).bytes.toString("base64"))) problems.push("the sample file (base64) is not in the body");
  if (example.shape === "text" && !text.includes(JSON.stringify(example.text))) problems.push(`the prompt ${JSON.stringify(example.text)} is not in the body`);
  if (example.shape === "file-prompt" && !text.includes(JSON.stringify(example.prompt)))
    problems.push(`the prompt ${JSON.stringify(example.prompt)} is not in the body`);
  return problems;
}

function bodyProblems(c: Case, sent: RecordedRequest): string[] {
  const { request } = c;
  if (request.spec.request === "file" && mappedProvider(request.kind) === "hf-inference") {
    const { bytes, contentType } = sampleOf(request);
    const problems: string[] = [];
    if (sent.headers["content-type"] !== contentType) problems.push(`content-type ${JSON.stringify(sent.headers["content-type"])}, expected ${contentType}`);
    if (!sent.body.equals(bytes)) problems.push(`body is ${sent.body.length} bytes that differ from the ${bytes.length}-byte sample file`);
    return problems;
  }
  const problems: string[] = [];
  if (!sent.headers["content-type"]?.startsWith("application/json"))
    problems.push(`content-type ${JSON.stringify(sent.headers["content-type"])}, expected application/json`);
  const body = parseJson(sent.body);
  if (body === undefined) return [...problems, `body is not JSON: ${clip(sent.body.toString("utf8"))}`];
  if (request.spec.request === "chat") return [...problems, ...chatBodyProblems(c, body)];
  if (mappedProvider(request.kind) !== "hf-inference") return [...problems, ...providerBodyProblems(c, body)];
  // On hf-inference the package must send what our raw HTTP clients send, but for the differences named above.
  const file = request.spec.file ? sampleOf(request).bytes.toString("base64") : "";
  const expected = requestBody(request, file);
  const difference = huggingfaceHubBodies[request.kind];
  if (!isDeepStrictEqual((difference?.asRawBody ?? withoutEmptyParameters)(objectAt(body)), expected)) {
    const allowed = difference ? ` (beyond the allowed difference: ${difference.why})` : "";
    problems.push(
      `JSON body differs from the raw clients' requestBody()${allowed}:\n  got      ${clip(JSON.stringify(body))}\n  expected ${clip(JSON.stringify(expected))}`,
    );
  }
  return problems;
}

/** The Hub API calls a package makes on its own (model info, provider mapping, agent registry) are GETs to huggingface.co. */
const isHubApiCall = (sent: RecordedRequest) => sent.method === "GET" && sent.path.startsWith("/__host/huggingface.co/api/");

function outputProblems(c: Case, outcome: PoolOutcome & { ok: true }): string[] {
  const { request } = c;
  const output = outputFileOf(request);
  if (output) {
    const path = join(outcome.run.dir, output);
    if (!existsSync(path)) return [`did not write ${output}`];
    const written = readFileSync(path);
    // An image comes back as a PIL image and is saved anew: compare the PNG header (size and colour type), not the bytes.
    const same = request.spec.response === "image" ? written.subarray(0, 26).equals(pngOutput.subarray(0, 26)) : written.equals(mediaOutputOf(request.kind));
    return same ? [] : [`${output} does not hold the answer (${written.length} bytes)`];
  }
  if (request.spec.request === "chat")
    return outcome.run.stdout === "Hello world\n" ? [] : [`printed ${JSON.stringify(clip(outcome.run.stdout, 300))}, expected "Hello world\\n"`];
  const marker = answerMarker(request.kind, "python");
  return outcome.run.stdout.includes(marker)
    ? []
    : [`printed ${JSON.stringify(clip(outcome.run.stdout, 300))}, which does not show the answer's ${JSON.stringify(marker)}`];
}

/** Every way the run and its requests differ from what the request description promises. */
export function problemsOf(c: Case, outcome: PoolOutcome | undefined): string[] {
  if (!outcome) return ["was never run"];
  if (!outcome.ok) return [`could not run: ${outcome.error}`];
  const problems: string[] = [];
  if (outcome.run.timedOut) problems.push(`timed out after ${RUN_TIMEOUT_MS} ms`);
  if (outcome.run.code !== 0) problems.push(`exit code ${outcome.run.code}: ${clip(outcome.run.stderr.trim().split("\n").slice(-3).join(" | "), 400)}`);
  const calls = outcome.requests.filter((sent) => !isHubApiCall(sent) && sent.method === "POST");
  // A provider other than hf-inference answers with a job: the package polls it and downloads the media (GETs).
  const polls = mappedProvider(c.request.kind) !== "hf-inference" && c.request.provider === "auto";
  const strays = outcome.requests.filter((sent) => !isHubApiCall(sent) && sent.method !== "POST" && !(polls && sent.method === "GET"));
  if (strays.length > 0) problems.push(`unexpected requests: ${strays.map((sent) => `${sent.method} ${sent.path}`).join(", ")}`);
  if (calls.length !== 1) return [...problems, `expected one inference POST, the recorder saw ${calls.length}`];
  const sent = calls[0] as RecordedRequest;

  const path = expectedPath(c);
  const pathOk = path.startsWith("prefix:") ? sent.path.startsWith(path.slice("prefix:".length)) : sent.path === path;
  if (!pathOk) problems.push(`path ${JSON.stringify(sent.path)}, expected ${JSON.stringify(path)}`);
  const authorization = expectedAuthorization(c.options);
  if (sent.headers.authorization !== authorization)
    problems.push(`authorization ${JSON.stringify(sent.headers.authorization)}, expected ${JSON.stringify(authorization)}`);
  if (sent.headers["x-hf-bill-to"] !== c.options.billTo)
    problems.push(`x-hf-bill-to ${JSON.stringify(sent.headers["x-hf-bill-to"])}, expected ${JSON.stringify(c.options.billTo)}`);
  problems.push(...bodyProblems(c, sent), ...outputProblems(c, outcome));
  return problems;
}

export function report(c: Case, outcome: PoolOutcome | undefined, problems: string[]): string {
  const lines = [`${c.label}:`, ...problems.map((problem) => `  - ${problem}`), "--- snippet ---", c.snippet.content];
  if (outcome?.ok) lines.push(`--- stdout ---\n${clip(outcome.run.stdout, 1500)}`, `--- stderr ---\n${clip(outcome.run.stderr, 3000)}`);
  return lines.join("\n");
}

/** A run of the case's snippet, unchanged, on .venv's interpreter; HF_HOME keeps the user's token and cache out. */
export function pythonSdkJob(c: Case, hfHome: string): PoolJob {
  return {
    snippet: { language: "python", client: c.client, content: c.snippet.content },
    responder: sdkResponder(c.request.kind, "python"),
    env: { API_TOKEN: API_TOKEN_VALUE, HF_HOME: hfHome, PYTHONPATH: pythonRedirect },
    timeoutMs: RUN_TIMEOUT_MS,
    redirect: { python: venvPython },
  };
}

export function packageVersions(): string {
  const probe = spawnSync(
    venvPython,
    ["-c", "import huggingface_hub, openai; print(f'huggingface_hub {huggingface_hub.__version__}, openai {openai.__version__}')"],
    { encoding: "utf8" },
  );
  return probe.stdout.trim();
}
