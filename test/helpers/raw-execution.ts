import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Snippet } from "../../src/code/snippet.js";
import { formFields, rawOutputFileOf, requestBody } from "../../src/inference/body.js";
import { uploadField } from "../../src/inference/provider-body.js";
import { type InferenceRequest, type InferenceSnippetOptions } from "../../src/inference/request.js";
import { recordFor, type CorpusEntry } from "./corpus.js";
import {
  binaryOutput,
  binaryResponderOf,
  defaultResponder,
  encodedImageOutput,
  encodedImageResponderOf,
  usualMediaTypes,
  type RecordedRequest,
  type Responder,
} from "./recorder.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "./recorder-pool.js";
import { falInlineMedia, falJobCompletes, falQueueMedia, falQueueOutputFile, falQueuePaths, falQueueResponder, isFalQueue } from "./fal-queue.js";
import { formProblems, type ExpectedForm } from "./multipart.js";
import { isNovitaTask, novitaOutputFile, novitaTaskProblems, novitaTaskResponder, novitaVideo } from "./novita-task.js";
import { hasRuntime, removeSnippetDirs, sampleFiles, type SnippetRun } from "./run-snippet.js";
import { rawClientNames, rawClients, type RawClient } from "./raw-clients.js";
import { buildInferenceRequest } from "./record-twins.js";

/*
 * Executes raw HTTP client snippets (curl, requests, fetch) for real against a local recorder and checks the one
 * request each makes, byte for byte where bytes matter. Two workers, each with its own recorder, so at most two
 * snippets run at once and every recorded request belongs to exactly one run.
 */

export const WORKERS = 2;
export const RUN_TIMEOUT_MS = 20_000;
export const SUITE_TIMEOUT_MS = 300_000;

const HF_TOKEN_VALUE = "hf_test_token";
const API_TOKEN_VALUE = "api_test_token";
/** Both tokens are always in the environment, so a snippet reading the wrong variable sends the wrong one. */
const runEnv = { API_TOKEN: API_TOKEN_VALUE };

/** The sample file a request reads, and the content type it is uploaded with: this test's own table. */
const sampleOf = {
  audio: { name: "sample.flac", contentType: "audio/flac" },
  image: { name: "image.jpg", contentType: "image/jpeg" },
} as const;

/** Whether the client's runtime is missing here (hasRuntime says so, and throws under CI=true). */
export const runtimeMissing = (client: RawClient): boolean => !hasRuntime(rawClients[client].runtime);

// ---------------------------------------------------------------------------------------------------------------
// Expectations

export interface Case {
  client: RawClient;
  request: InferenceRequest;
  options: InferenceSnippetOptions;
  snippet: Snippet;
}

function sampleBytes(request: InferenceRequest): Buffer {
  const file = request.spec.file;
  if (!file) throw new Error(`${request.kind} reads no sample file`);
  const bytes = sampleFiles[sampleOf[file].name];
  if (!bytes) throw new Error(`runSnippet writes no ${sampleOf[file].name}`);
  return bytes;
}

/** The value every provider's own key variable holds in the runs: `<VARIABLE>_value`. */
export const providerKeyValue = (variable: string) => `${variable.toLowerCase()}_value`;

function expectedAuthorization(request: InferenceRequest, options: InferenceSnippetOptions): string {
  const scheme = request.call?.authScheme ?? "Bearer";
  if (options.token !== undefined) return `${scheme} ${options.token}`;
  if (request.call?.direct) return `${scheme} ${providerKeyValue(request.call.provider.apiKeyEnv)}`;
  return options.endpointUrl !== undefined ? `Bearer ${API_TOKEN_VALUE}` : `Bearer ${HF_TOKEN_VALUE}`;
}

function responderFor(request: InferenceRequest): Responder {
  if (isFalQueue(request)) return falQueueResponder(request);
  if (isNovitaTask(request)) return novitaTaskResponder(request);
  // JSON holding a PNG as base64 text, or a binary answer in its media's usual content type: either way the snippet
  // names the file as rawOutputFileOf does.
  if (request.call?.encodedMediaAt) return encodedImageResponderOf();
  return request.wire.response === "json" ? defaultResponder : binaryResponderOf(usualMediaTypes[request.wire.response]);
}

/** A direct call's origin (the provider's API) in the text becomes the router's, which the runner points at the recorder. */
function withRouterOrigin(request: InferenceRequest, content: string): string {
  if (!request.call?.direct || !request.url) return content;
  return content.replaceAll(new URL(request.url).origin, "https://router.huggingface.co");
}

/** The text of a file's place in a body: its base64, bare or in a `data:` URL. */
const base64Of = (sent: string) => sent.replace(/^data:[^;,]+;base64,/, "");

type Key = string | number;

/** Where `target` sits inside a JSON-like value, as a key path. */
function pathTo(value: unknown, target: unknown, path: Key[] = []): Key[] | undefined {
  if (value === target) return path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = pathTo(item, target, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = pathTo(item, target, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

function valueAt(value: unknown, path: Key[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<Key, unknown>)[key];
  }
  return current;
}

const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(body.toString("utf8")) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Every way the run and its recorded request differ from what the request description promises. */
export function problemsOf(c: Case, outcome: PoolOutcome | undefined): { problems: string[]; recorded?: RecordedRequest; body?: unknown } {
  if (!outcome) return { problems: ["was never run"] };
  if (!outcome.ok) return { problems: [`could not run: ${outcome.error}`] };
  if (isFalQueue(c.request)) return falQueueProblemsOf(c, outcome.run, outcome.requests);
  if (isNovitaTask(c.request)) return novitaTaskProblemsOf(c, outcome.run, outcome.requests);
  const { run, requests } = outcome;
  const problems = runProblems(run);
  if (requests.length !== 1) problems.push(`expected exactly one request, the recorder saw ${requests.length}`);
  const recorded = requests[0];
  if (!recorded) return { problems };
  const body = postProblems(c, recorded, problems);
  responseProblems(c, run, recorded, problems);
  return { problems, recorded, body };
}

/** How the run ended: in time, and with exit code 0. */
function runProblems(run: SnippetRun): string[] {
  const problems: string[] = [];
  if (run.timedOut) problems.push(`timed out after ${RUN_TIMEOUT_MS} ms`);
  if (run.code !== 0) problems.push(`exit code ${run.code}${run.signal ? ` (signal ${run.signal})` : ""}`);
  return problems;
}

/** Whether the run saved exactly these bytes in this file. */
function savedProblems(run: SnippetRun, output: string, bytes: Buffer, what: string): string[] {
  const path = join(run.dir, output);
  if (!existsSync(path)) return [`did not write ${output}`];
  return readFileSync(path).equals(bytes) ? [] : [`${output} does not hold exactly the ${bytes.length} ${what}`];
}

/** The POST a snippet makes first: request line, headers and body as the request description promises. */
function postProblems(c: Case, recorded: RecordedRequest, problems: string[]): unknown {
  const { request, options } = c;

  // Request line.
  if (recorded.method !== "POST") problems.push(`method ${recorded.method}, expected POST`);
  if (!request.url) problems.push("a raw-client snippet exists for a request without a URL");
  else {
    const url = new URL(request.url);
    const expectedPath = `${url.pathname}${url.search}`;
    if (recorded.path !== expectedPath) problems.push(`path ${JSON.stringify(recorded.path)}, expected ${JSON.stringify(expectedPath)}`);
  }

  // Headers.
  const authorization = expectedAuthorization(request, options);
  if (recorded.headers.authorization !== authorization) {
    problems.push(`authorization ${JSON.stringify(recorded.headers.authorization)}, expected ${JSON.stringify(authorization)}`);
  }
  const billTo = recorded.headers["x-hf-bill-to"];
  if (options.billTo !== undefined && billTo !== options.billTo)
    problems.push(`x-hf-bill-to ${JSON.stringify(billTo)}, expected ${JSON.stringify(options.billTo)}`);
  if (options.billTo === undefined && billTo !== undefined) problems.push(`x-hf-bill-to ${JSON.stringify(billTo)} sent without a bill-to option`);
  for (const [name, value] of Object.entries(request.call?.headers ?? {})) {
    if (recorded.headers[name.toLowerCase()] !== value)
      problems.push(`${name} ${JSON.stringify(recorded.headers[name.toLowerCase()])}, expected ${JSON.stringify(value)}`);
  }
  const isFile = request.wire.request === "file";
  if (request.wire.request === "multipart") {
    // A form upload: the content type names the boundary; the parts are the file and the body's fields.
    problems.push(...formProblems(recorded.headers["content-type"], recorded.body, expectedForm(request)));
    return undefined;
  }
  const contentType = isFile && request.spec.file ? sampleOf[request.spec.file].contentType : "application/json";
  if (recorded.headers["content-type"] !== contentType) {
    problems.push(`content-type ${JSON.stringify(recorded.headers["content-type"])}, expected ${JSON.stringify(contentType)}`);
  }

  // Body.
  let body: unknown;
  if (isFile) {
    const expected = sampleBytes(request);
    if (!recorded.body.equals(expected)) {
      problems.push(`body is ${recorded.body.length} bytes that differ from the ${expected.length}-byte ${sampleOf[request.spec.file ?? "image"].name}`);
    }
  } else {
    const parsed = parseJson(recorded.body);
    if (!parsed.ok) problems.push(`body is not JSON (${parsed.error}): ${clip(recorded.body.toString("utf8"))}`);
    else {
      body = parsed.value;
      const base64 = request.spec.file ? sampleBytes(request).toString("base64") : "";
      const expected = requestBody(request, base64);
      if (!isDeepStrictEqual(body, expected)) {
        problems.push(`JSON body differs from requestBody():\n  got      ${clip(JSON.stringify(body))}\n  expected ${clip(JSON.stringify(expected))}`);
      }
      if (request.wire.request === "json-with-file") {
        const mark = "\u0000sample-file-goes-here\u0000";
        const where = pathTo(requestBody(request, mark, mark), mark);
        const found = where ? valueAt(body, where) : undefined;
        const sent = typeof found === "string" ? base64Of(found) : found;
        if (!where) problems.push("requestBody() has no place for the file");
        else if (typeof sent !== "string") problems.push(`no base64 string at ${JSON.stringify(where)} of the body`);
        else if (!Buffer.from(sent, "base64").equals(sampleBytes(request)) || Buffer.from(sent, "base64").toString("base64") !== sent) {
          problems.push(`the base64 at ${JSON.stringify(where)} (${sent.length} chars) does not decode to the exact sample bytes`);
        }
      }
    }
  }

  return body;
}

/** The form a multipart request sends: the sample file under the provider's upload field, and the body's fields as text. */
export function expectedForm(request: InferenceRequest): ExpectedForm {
  const sample = sampleOf[request.spec.file ?? "audio"];
  return {
    file: { name: uploadField, filename: sample.name, contentType: sample.contentType, data: sampleBytes(request) },
    fields: Object.fromEntries(formFields(request)),
  };
}

/** How the snippet handled the answer: the media saved, or the JSON printed. */
function responseProblems(c: Case, run: SnippetRun, recorded: RecordedRequest, problems: string[]): void {
  const { request } = c;
  const output = rawOutputFileOf(request);
  if (request.wire.response !== "json") {
    if (!output) problems.push("no output file for a binary response");
    else if (request.call?.encodedMediaAt) problems.push(...savedProblems(run, output, encodedImageOutput, "bytes the answer's base64 text holds"));
    else problems.push(...savedProblems(run, output, binaryOutput, "response bytes"));
  } else if (c.client === "curl") {
    // curl prints the response body itself, byte for byte (SSE events included when streaming).
    const reply = defaultResponder(recorded).body.toString();
    if (run.stdout !== reply)
      problems.push(`curl printed ${JSON.stringify(clip(run.stdout, 300))}, expected the response body ${JSON.stringify(clip(reply, 300))}`);
  } else if (request.spec.request === "chat") {
    if (run.stdout !== "Hello world\n") problems.push(`printed ${JSON.stringify(clip(run.stdout, 300))}, expected "Hello world\\n"`);
  } else if (recorded.path.split("?")[0]?.endsWith("/chat/completions")) {
    // A provider route that is a chat API underneath (text generation on Groq, Novita): the completion is printed whole.
    if (!run.stdout.includes("chatcmpl-recorder")) problems.push(`did not print the JSON response: ${JSON.stringify(clip(run.stdout, 300))}`);
  } else if (!run.stdout.includes("POSITIVE") || !run.stdout.includes("0.9")) {
    problems.push(`did not print the JSON response: ${JSON.stringify(clip(run.stdout, 300))}`);
  }
}

/**
 * A fal queue job: one POST (checked as any other), then status polls until COMPLETED (the fake answers
 * IN_PROGRESS, then COMPLETED: two polls), one result GET, then the media it links, saved byte for byte.
 */
function falQueueProblemsOf(c: Case, run: SnippetRun, requests: RecordedRequest[]): { problems: string[]; recorded?: RecordedRequest; body?: unknown } {
  const problems = runProblems(run);
  const recorded = requests[0];
  if (!recorded) return { problems: [...problems, "made no request"] };
  const body = postProblems(c, recorded, problems);
  const paths = falQueuePaths(c.request);
  const rest = requests.slice(1);
  const count = (method: string, path: string) => rest.filter((r) => r.method === method && r.path === path).length;
  const posts = requests.filter((r) => r.method === "POST").length;
  if (posts !== 1) problems.push(`expected one POST, the recorder saw ${posts}`);
  const polls = count("GET", paths.status);
  const expectedPolls = falJobCompletes.states.length;
  if (polls !== expectedPolls) problems.push(`expected ${expectedPolls} status polls (until COMPLETED) at ${paths.status}, saw ${polls}`);
  if (count("GET", paths.result) !== 1) problems.push(`expected one result GET at ${paths.result}, saw ${count("GET", paths.result)}`);
  const mediaGets = count("GET", paths.media);
  const inline = falInlineMedia(c.request.kind);
  if (mediaGets !== (inline ? 0 : 1)) problems.push(`expected ${inline ? "no media download (inline data: URL)" : "one media download"}, saw ${mediaGets}`);
  const resultAt = rest.findIndex((r) => r.path === paths.result);
  const lastPoll = rest.map((r) => r.path).lastIndexOf(paths.status);
  if (resultAt !== -1 && lastPoll > resultAt) problems.push("polled the status after fetching the result");
  const authorization = expectedAuthorization(c.request, c.options);
  for (const r of rest.filter((r) => r.path !== paths.media)) {
    if (r.headers.authorization !== authorization) problems.push(`${r.method} ${r.path} sent authorization ${JSON.stringify(r.headers.authorization)}`);
  }
  const known = new Set([paths.status, paths.result, paths.media]);
  for (const r of rest.filter((r) => !known.has(r.path))) problems.push(`unexpected ${r.method} ${r.path}`);
  problems.push(...savedProblems(run, falQueueOutputFile(c.request.kind), falQueueMedia, "media bytes the result links"));
  return { problems, recorded, body };
}

/** A Novita task: one POST (checked as any other), the result polls until success, then the video, saved byte for byte. */
function novitaTaskProblemsOf(c: Case, run: SnippetRun, requests: RecordedRequest[]): { problems: string[]; recorded?: RecordedRequest; body?: unknown } {
  const problems = runProblems(run);
  const recorded = requests[0];
  if (!recorded) return { problems: [...problems, "made no request"] };
  const body = postProblems(c, recorded, problems);
  problems.push(...novitaTaskProblems(c.request, requests, expectedAuthorization(c.request, c.options)));
  problems.push(...savedProblems(run, novitaOutputFile, novitaVideo, "video bytes the answer links"));
  if (!run.stdout.includes(`saved ${novitaOutputFile}`)) problems.push(`did not print "saved ${novitaOutputFile}": ${JSON.stringify(clip(run.stdout, 300))}`);
  return { problems, recorded, body };
}

export function report(c: Case, outcome: PoolOutcome | undefined, problems: string[]): string {
  const lines = [`${c.client} snippet for ${c.request.kind}:`, ...problems.map((problem) => `  - ${problem}`), "--- snippet ---", c.snippet.content];
  if (outcome?.ok) {
    lines.push(`--- stdout ---\n${clip(outcome.run.stdout, 1500)}`, `--- stderr ---\n${clip(outcome.run.stderr, 1500)}`);
  }
  return lines.join("\n");
}

export function jobFor(c: Case): PoolJob {
  return {
    snippet: { language: rawClients[c.client].language, client: c.client, content: withRouterOrigin(c.request, c.snippet.content) },
    responder: responderFor(c.request),
    env: c.request.call?.direct ? { ...runEnv, [c.request.call.provider.apiKeyEnv]: providerKeyValue(c.request.call.provider.apiKeyEnv) } : runEnv,
    timeoutMs: RUN_TIMEOUT_MS,
  };
}

/** The recorder pool of one test file: started before its tests, closed after, with a count of runs per client. */
export function rawExecutionSuite(what: string): { runCases: (cases: Case[]) => Promise<PoolOutcome[]>; executed: Record<RawClient, number> } {
  let pool: RecorderPool | undefined;
  const started = performance.now();
  const executed: Record<RawClient, number> = { curl: 0, requests: 0, fetch: 0 };

  beforeAll(async () => {
    pool = await RecorderPool.start(WORKERS);
  });

  afterAll(async () => {
    const origin = pool?.origin;
    await pool?.close();
    removeSnippetDirs();
    const total = executed.curl + executed.requests + executed.fetch;
    const host = origin ? new URL(origin).hostname : "127.0.0.1";
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`executed ${total} ${what} against ${host} (curl ${executed.curl}, requests ${executed.requests}, fetch ${executed.fetch}); ${seconds} s`);
  });

  return {
    executed,
    runCases: async (cases) => {
      if (!pool) throw new Error("the recorder pool did not start");
      return pool.runAll(cases.map(jobFor));
    },
  };
}

/** The execution case of a corpus entry. */
export function caseOf(entry: CorpusEntry): Case {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options);
  if (!request) throw new Error(`${entry.kind} has a snippet but no request`);
  return { client: entry.snippet.client as RawClient, request, options: entry.options, snippet: entry.snippet };
}

/** One test per entry, grouped by raw client (skipped where its runtime is missing), all run through the suite's pool. */
export function describeRawRuns(rawEntries: readonly CorpusEntry[], suite: ReturnType<typeof rawExecutionSuite>): void {
  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const entries = rawEntries.filter((entry) => entry.snippet.client === client);
      const cases = entries.map(caseOf);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await suite.runCases(cases);
        suite.executed[client] += outcomes.filter((outcome) => outcome.ok).length;
      }, SUITE_TIMEOUT_MS);

      entries.forEach((entry, index) => {
        it(`${entry.kind} [${entry.optionSet}]`, () => {
          const c = cases[index] as Case;
          const outcome = outcomes[index];
          const { problems } = problemsOf(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
        });
      });
    });
  }
}
