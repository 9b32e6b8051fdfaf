import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/snippets/clients.js";
import { outputFileOf, requestBody } from "../../src/snippets/inference/body.js";
import { buildInferenceRequest, type InferenceRequest, type InferenceSnippetOptions } from "../../src/snippets/inference/request.js";
import { getInferenceSnippets } from "../../src/snippets/inference/snippets.js";
import { optionSets, recordFor, snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { binaryOutput, binaryResponder, defaultResponder, type RecordedRequest, type Responder } from "../helpers/recorder.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "../helpers/recorder-pool.js";
import { hasRuntime, removeSnippetDirs, sampleFiles } from "../helpers/run-snippet.js";
import { isRawClient, rawClients, rawClientNames, type RawClient } from "../helpers/raw-clients.js";
import { hostileStrings } from "../helpers/hostile-records.js";

/*
 * Executes every snippet of the raw HTTP clients (curl, requests, fetch) for real against a local recorder and
 * checks the one request each makes, byte for byte where bytes matter, then runs hostile widget text through the
 * same clients. Two workers, each with its own recorder, so at most two snippets run at once and every recorded
 * request belongs to exactly one run.
 */

const WORKERS = 2;
const RUN_TIMEOUT_MS = 20_000;
const SUITE_TIMEOUT_MS = 300_000;

const HF_TOKEN_VALUE = "hf_test_token";
const API_TOKEN_VALUE = "api_test_token";
/** Both tokens are always in the environment, so a snippet reading the wrong variable sends the wrong one. */
const runEnv = { API_TOKEN: API_TOKEN_VALUE };

/** The sample file a request reads, and the content type it is uploaded with: this test's own table. */
const sampleOf = {
  audio: { name: "sample.flac", contentType: "audio/flac" },
  image: { name: "image.jpg", contentType: "image/jpeg" },
} as const;

const missingRuntimes = new Map<RawClient, boolean>();

/** Under CI=true a missing runtime must fail the run rather than skip it. */
function runtimeMissing(client: RawClient): boolean {
  if (process.env.CI === "true") return false;
  let missing = missingRuntimes.get(client);
  if (missing === undefined) {
    missing = !hasRuntime(rawClients[client].runtime);
    missingRuntimes.set(client, missing);
    if (missing) console.warn(`NOTICE: runtime ${rawClients[client].runtime} is missing; ${client} snippets are not executed`);
  }
  return missing;
}

// ---------------------------------------------------------------------------------------------------------------
// Expectations

interface Case {
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

function expectedAuthorization(options: InferenceSnippetOptions): string {
  if (options.token !== undefined) return `Bearer ${options.token}`;
  return options.endpointUrl !== undefined ? `Bearer ${API_TOKEN_VALUE}` : `Bearer ${HF_TOKEN_VALUE}`;
}

function responderFor(request: InferenceRequest): Responder {
  return request.spec.response === "json" ? defaultResponder : binaryResponder;
}

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
function problemsOf(c: Case, outcome: PoolOutcome | undefined): { problems: string[]; recorded?: RecordedRequest; body?: unknown } {
  if (!outcome) return { problems: ["was never run"] };
  if (!outcome.ok) return { problems: [`could not run: ${outcome.error}`] };
  const { run, requests } = outcome;
  const problems: string[] = [];
  const { request, options } = c;

  if (run.timedOut) problems.push(`timed out after ${RUN_TIMEOUT_MS} ms`);
  if (run.code !== 0) problems.push(`exit code ${run.code}${run.signal ? ` (signal ${run.signal})` : ""}`);
  if (requests.length !== 1) problems.push(`expected exactly one request, the recorder saw ${requests.length}`);
  const recorded = requests[0];
  if (!recorded) return { problems };

  // Request line.
  if (recorded.method !== "POST") problems.push(`method ${recorded.method}, expected POST`);
  if (!request.url) problems.push("a raw-client snippet exists for a request without a URL");
  else {
    const url = new URL(request.url);
    const expectedPath = `${url.pathname}${url.search}`;
    if (recorded.path !== expectedPath) problems.push(`path ${JSON.stringify(recorded.path)}, expected ${JSON.stringify(expectedPath)}`);
  }

  // Headers.
  const authorization = expectedAuthorization(options);
  if (recorded.headers.authorization !== authorization) {
    problems.push(`authorization ${JSON.stringify(recorded.headers.authorization)}, expected ${JSON.stringify(authorization)}`);
  }
  const billTo = recorded.headers["x-hf-bill-to"];
  if (options.billTo !== undefined && billTo !== options.billTo) problems.push(`x-hf-bill-to ${JSON.stringify(billTo)}, expected ${JSON.stringify(options.billTo)}`);
  if (options.billTo === undefined && billTo !== undefined) problems.push(`x-hf-bill-to ${JSON.stringify(billTo)} sent without a bill-to option`);
  const isFile = request.spec.request === "file";
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
      if (request.spec.request === "json-with-file") {
        const mark = "\u0000sample-file-goes-here\u0000";
        const where = pathTo(requestBody(request, mark), mark);
        const sent = where ? valueAt(body, where) : undefined;
        if (!where) problems.push("requestBody() has no place for the file");
        else if (typeof sent !== "string") problems.push(`no base64 string at ${JSON.stringify(where)} of the body`);
        else if (!Buffer.from(sent, "base64").equals(sampleBytes(request)) || Buffer.from(sent, "base64").toString("base64") !== sent) {
          problems.push(`the base64 at ${JSON.stringify(where)} (${sent.length} chars) does not decode to the exact sample bytes`);
        }
      }
    }
  }

  // Response handling.
  const output = outputFileOf(request);
  if (request.spec.response !== "json") {
    const path = output ? join(run.dir, output) : undefined;
    if (!path || !existsSync(path)) problems.push(`did not write ${output ?? "(no output file for a binary response)"}`);
    else if (!readFileSync(path).equals(binaryOutput)) problems.push(`${output} does not hold exactly the ${binaryOutput.length} response bytes`);
  } else if (c.client === "curl") {
    // curl prints the response body itself, byte for byte (SSE events included when streaming).
    const reply = defaultResponder(recorded).body.toString();
    if (run.stdout !== reply) problems.push(`curl printed ${JSON.stringify(clip(run.stdout, 300))}, expected the response body ${JSON.stringify(clip(reply, 300))}`);
  } else if (request.spec.request === "chat") {
    if (run.stdout !== "Hello world\n") problems.push(`printed ${JSON.stringify(clip(run.stdout, 300))}, expected "Hello world\\n"`);
  } else if (!run.stdout.includes("POSITIVE") || !run.stdout.includes("0.9")) {
    problems.push(`did not print the JSON response: ${JSON.stringify(clip(run.stdout, 300))}`);
  }

  return { problems, recorded, body };
}

function report(c: Case, outcome: PoolOutcome | undefined, problems: string[]): string {
  const lines = [`${c.client} snippet for ${c.request.kind}:`, ...problems.map((problem) => `  - ${problem}`), "--- snippet ---", c.snippet.content];
  if (outcome?.ok) {
    lines.push(`--- stdout ---\n${clip(outcome.run.stdout, 1500)}`, `--- stderr ---\n${clip(outcome.run.stderr, 1500)}`);
  }
  return lines.join("\n");
}

function jobFor(c: Case): PoolJob {
  return {
    snippet: { language: rawClients[c.client].language, client: c.client, content: c.snippet.content },
    responder: responderFor(c.request),
    env: runEnv,
    timeoutMs: RUN_TIMEOUT_MS,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Shared pool and totals

let pool: RecorderPool | undefined;
const started = performance.now();
const executed: Record<RawClient, number> = { curl: 0, requests: 0, fetch: 0 };
let hostileExecuted = 0;

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
  console.log(
    `executed ${total} raw-client snippets against ${host} (curl ${executed.curl}, requests ${executed.requests}, fetch ${executed.fetch}); hostile cases ${hostileExecuted}; ${seconds} s`,
  );
});

async function runCases(cases: Case[]): Promise<PoolOutcome[]> {
  if (!pool) throw new Error("the recorder pool did not start");
  return pool.runAll(cases.map(jobFor));
}

// ---------------------------------------------------------------------------------------------------------------
// Every raw-client snippet of the corpus

const corpus = snippetCorpus();
const rawEntries = corpus.filter((entry) => isRawClient(entry.snippet.client));

function caseOf(entry: CorpusEntry): Case {
  const request = buildInferenceRequest(recordFor(entry.kind), entry.options);
  if (!request) throw new Error(`${entry.kind} has a snippet but no request`);
  return { client: entry.snippet.client as RawClient, request, options: entry.options, snippet: entry.snippet };
}

describe("every raw-client snippet runs against the recorder", () => {
  it("the raw-client subset is exactly curl, requests and fetch for every request that has a URL", () => {
    const withUrl = corpus.reduce((keys, entry) => {
      const request = buildInferenceRequest(recordFor(entry.kind), entry.options);
      if (request?.url) keys.add(`${entry.kind} [${entry.optionSet}]`);
      return keys;
    }, new Set<string>());
    const missing: string[] = [];
    for (const key of withUrl) {
      for (const client of rawClientNames) {
        if (!rawEntries.some((entry) => `${entry.kind} [${entry.optionSet}]` === key && entry.snippet.client === client)) missing.push(`${client} ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(rawEntries.length).toBe(withUrl.size * rawClientNames.length);
    expect(rawEntries.length).toBeGreaterThan(300);
    expect(Object.keys(optionSets)).toEqual(expect.arrayContaining(["default", "stream", "bill-to", "token", "endpoint-url", "provider-auto"]));
  });

  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const entries = rawEntries.filter((entry) => entry.snippet.client === client);
      const cases = entries.map(caseOf);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
        executed[client] += outcomes.filter((outcome) => outcome.ok).length;
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
});

// ---------------------------------------------------------------------------------------------------------------
// Hostile widget text and options

interface HostileKind {
  name: string;
  record: (text: string) => ModelRecord;
  /** Where the text must travel in the body. */
  check: (body: Record<string, unknown>, text: string) => string[];
}

const record = (fields: Record<string, unknown>) => ModelRecordSchema.parse({ tags: [], ...fields });
const same = (label: string, got: unknown, text: unknown) => (isDeepStrictEqual(got, text) ? [] : [`${label} is ${JSON.stringify(got)}, expected ${JSON.stringify(text)}`]);
const objectAt = (value: unknown) => (value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const hostileKinds: HostileKind[] = [
  {
    name: "text-classification",
    record: (text) => record({ id: "acme/hostile-text-classification", pipeline_tag: "text-classification", widgetData: [{ text }] }),
    check: (body, text) => same("inputs", body.inputs, text),
  },
  {
    name: "fill-mask",
    record: (text) => record({ id: "acme/hostile-fill-mask", pipeline_tag: "fill-mask", mask_token: text }),
    check: (body, text) =>
      typeof body.inputs === "string" && body.inputs.includes(text) ? [] : [`inputs ${JSON.stringify(body.inputs)} does not contain the mask token ${JSON.stringify(text)}`],
  },
  {
    name: "zero-shot-classification",
    record: (text) =>
      record({ id: "acme/hostile-zero-shot", pipeline_tag: "zero-shot-classification", widgetData: [{ text, candidate_labels: [text, "b"] }] }),
    check: (body, text) => [...same("inputs", body.inputs, text), ...same("parameters.candidate_labels", objectAt(body.parameters).candidate_labels, [text, "b"])],
  },
  {
    name: "question-answering",
    record: (text) => record({ id: "acme/hostile-question-answering", pipeline_tag: "question-answering", widgetData: [{ text, context: text }] }),
    check: (body, text) => [...same("inputs.question", objectAt(body.inputs).question, text), ...same("inputs.context", objectAt(body.inputs).context, text)],
  },
  {
    name: "chat",
    record: (text) => record({ id: "acme/hostile-chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ text }] }),
    check: (body, text) => same("messages[0].content", objectAt(Array.isArray(body.messages) ? body.messages[0] : undefined).content, text),
  },
  // The json-with-file path: curl splices the base64 file between two printf'd halves of the JSON.
  {
    name: "document-question-answering",
    record: (text) => record({ id: "acme/hostile-document-qa", pipeline_tag: "document-question-answering", widgetData: [{ text }] }),
    check: (body, text) => same("inputs.question", objectAt(body.inputs).question, text),
  },
  {
    name: "image-to-image",
    record: (text) => record({ id: "acme/hostile-image-to-image", pipeline_tag: "image-to-image", widgetData: [{ text }] }),
    check: (body, text) => same("parameters.prompt", objectAt(body.parameters).prompt, text),
  },
];

/** Hostile values of the options that reach headers (no line breaks: HTTP cannot carry them in a header). */
const hostileOptionValues: [label: string, value: string][] = [
  ["shell and quotes", `hf_$(touch PWNED_MARKER)'"\`touch PWNED_MARKER\`\\`],
  ["template and braces", "${process.exit(3)}{os.system('touch PWNED_MARKER')}{{ 7*7 }}"],
];

interface HostileCase extends Case {
  name: string;
  check: (body: Record<string, unknown>) => string[];
}

function hostileCase(client: RawClient, model: ModelRecord, options: InferenceSnippetOptions, name: string, check: HostileCase["check"]): HostileCase {
  const request = buildInferenceRequest(model, options);
  if (!request) throw new Error(`no request for ${name}`);
  const snippet = getInferenceSnippets(model, options).find((candidate) => candidate.client === client);
  if (!snippet) throw new Error(`no ${client} snippet for ${name}`);
  return { client, request, options, snippet, name, check };
}

function hostileCases(client: RawClient): HostileCase[] {
  const widgetCases = hostileKinds.flatMap((kind) =>
    hostileStrings.map(([label, text]) => hostileCase(client, kind.record(text), {}, `${kind.name} ← ${label}`, (body) => kind.check(body, text))),
  );
  const optionCases = hostileOptionValues.flatMap(([label, value]) =>
    hostileKinds
      .filter((kind) => kind.name === "text-classification" || kind.name === "chat")
      .map((kind) =>
        hostileCase(client, kind.record("plain text"), { token: value, billTo: value }, `${kind.name} ← token and bill-to: ${label}`, (body) =>
          kind.check(body, "plain text"),
        ),
      ),
  );
  return [...widgetCases, ...optionCases];
}

function hostileProblems(c: HostileCase, outcome: PoolOutcome | undefined): string[] {
  const { problems, body } = problemsOf(c, outcome);
  if (outcome?.ok && existsSync(join(outcome.run.dir, "PWNED_MARKER"))) problems.push("PWNED_MARKER was created: the text ran as code");
  if (body !== null && typeof body === "object" && !Array.isArray(body)) problems.push(...c.check(body as Record<string, unknown>));
  else if (outcome?.ok && outcome.requests.length > 0) problems.push("no JSON object body to find the text in");
  return problems;
}

describe("hostile widget text and options stay data in every raw client", () => {
  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const cases = hostileCases(client);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
        hostileExecuted += outcomes.filter((outcome) => outcome.ok).length;
      }, SUITE_TIMEOUT_MS);

      cases.forEach((c, index) => {
        it(c.name, () => {
          const outcome = outcomes[index];
          const problems = hostileProblems(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
        });
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------
// The checks themselves catch broken snippets (canaries: deliberately damaged copies of real snippets)

interface Canary {
  name: string;
  client: RawClient;
  base: () => Case | HostileCase;
  damage: (content: string) => string;
  /** A fragment of the problem the checks must report. */
  expect: string;
}

function corpusCase(client: RawClient, kind: string, optionSet: string): Case {
  const entry = rawEntries.find((candidate) => candidate.snippet.client === client && candidate.kind === kind && candidate.optionSet === optionSet);
  if (!entry) throw new Error(`no ${client} snippet for ${kind} [${optionSet}]`);
  return caseOf(entry);
}

function damaged<C extends Case>(base: C, damage: (content: string) => string): C {
  const content = damage(base.snippet.content);
  if (content === base.snippet.content) throw new Error("the canary's damage did not change the snippet");
  return { ...base, snippet: { ...base.snippet, content } };
}

const canaryText = "$(touch PWNED_MARKER)";

const canaries: Canary[] = [
  {
    name: "curl reading the wrong token variable",
    client: "curl",
    base: () => corpusCase("curl", "text-classification", "default"),
    damage: (content) => content.replace("$HF_TOKEN", "$API_TOKEN"),
    expect: "authorization",
  },
  {
    name: "curl splicing widget text into a double-quoted word",
    client: "curl",
    base: () => {
      const kind = hostileKinds[0] as HostileKind;
      return hostileCase("curl", kind.record(canaryText), {}, "canary", (body) => kind.check(body, canaryText));
    },
    damage: (content) => content.replace(/-d '(.*)'$/m, (_all, json: string) => `-d "${json.replaceAll('"', '\\"')}"`),
    expect: "PWNED_MARKER was created",
  },
  {
    name: "requests dropping the bill-to header",
    client: "requests",
    base: () => corpusCase("requests", "conversational", "bill-to"),
    damage: (content) => content.replace(/\s*"X-HF-Bill-To": "acme-org",?/, ""),
    expect: "x-hf-bill-to",
  },
  {
    name: "requests printing the raw stream deltas",
    client: "requests",
    base: () => corpusCase("requests", "conversational", "stream"),
    damage: (content) => content.replace('delta.get("content") or ""', "delta"),
    expect: 'expected "Hello world',
  },
  {
    name: "fetch sending a truncated base64 file",
    client: "fetch",
    base: () => corpusCase("fetch", "document-question-answering", "default"),
    damage: (content) => content.replace('.toString("base64");', '.toString("base64").slice(4);'),
    expect: "does not decode to the exact sample bytes",
  },
  {
    name: "fetch saving a binary response under the wrong name",
    client: "fetch",
    base: () => corpusCase("fetch", "text-to-image", "default"),
    damage: (content) => content.replace('"output.png"', '"output.jpg"'),
    expect: "did not write output.png",
  },
];

describe("the execution checks catch damaged snippets", () => {
  for (const client of rawClientNames) {
    const mine = canaries.filter((canary) => canary.client === client);
    describe.skipIf(runtimeMissing(client))(client, () => {
      const cases = mine.map((canary) => damaged(canary.base(), canary.damage));
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
      }, SUITE_TIMEOUT_MS);

      mine.forEach((canary, index) => {
        it(canary.name, () => {
          const c = cases[index] as Case | HostileCase;
          const problems = "check" in c ? hostileProblems(c, outcomes[index]) : problemsOf(c, outcomes[index]).problems;
          expect(problems.join("\n")).toContain(canary.expect);
        });
      });
    });
  }
});
