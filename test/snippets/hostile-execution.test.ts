import { existsSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Snippet } from "../../src/code/snippet.js";
import { requestBody } from "../../src/inference/body.js";
import type { InferenceRequest } from "../../src/inference/request.js";
import {
  PWNED_FILE,
  clipJson,
  endpointBase,
  headerSafeText,
  hostileCase,
  hostileText,
  placementsOf,
  valueAtPath,
  type HostileCase,
} from "../helpers/hostile-records.js";
import { API_TOKEN_VALUE, HF_TOKEN_VALUE, RUN_TIMEOUT_MS, SEED, describeCase, recordedTarget, requestOf, snippetsOf } from "../helpers/hostile-snippets.js";
import { runtimeMissing } from "../helpers/raw-execution.js";
import { binaryResponder, defaultResponder } from "../helpers/recorder.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "../helpers/recorder-pool.js";
import { ROUTER_ORIGIN, removeSnippetDirs, sampleFiles } from "../helpers/run-snippet.js";
import { isRawClient, rawClients, type RawClient } from "../helpers/raw-clients.js";

/* C: a batch of hostile records executed through curl, requests and fetch against the recorder (fixed seed). */

const C_RECORDS = 40;
const totals = { executed: 0 };
const started = performance.now();

afterAll(() => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`hostile property runs: executed=${totals.executed} (${seconds} s)`);
});

// ---------------------------------------------------------------------------------------------------------------
// C: the raw HTTP clients run, and the hostile text arrives as data

interface Execution {
  index: number;
  c: HostileCase;
  request: InferenceRequest;
  client: RawClient;
  snippet: Snippet;
}

/** Decodes every %XX run as UTF-8 (bad bytes become U+FFFD), so differently escaped spellings of one path compare equal. */
function decodePercent(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => Buffer.from(run.replaceAll("%", ""), "hex").toString("utf8"));
}

/**
 * The path and query the request must reach: the endpoint URL as `new URL` (the check the product makes) reads
 * it, trailing slashes dropped, plus /v1/chat/completions for chat; otherwise the router URL of the request.
 */
function expectedTarget(e: Execution, origin: string): string {
  const endpoint = e.c.options.endpointUrl;
  if (endpoint === undefined) {
    const url = new URL((e.request.url ?? "").replace(ROUTER_ORIGIN, origin));
    return `${url.pathname}${url.search}`;
  }
  const url = new URL(endpoint.replace(ROUTER_ORIGIN, origin));
  const path = url.pathname.replace(/\/+$/, "");
  return `${path}${e.request.spec.request === "chat" ? "/v1/chat/completions" : ""}${url.search}`;
}

function sampleOf(request: InferenceRequest): Buffer {
  const name = request.spec.file === "audio" ? "sample.flac" : "image.jpg";
  const bytes = sampleFiles[name];
  if (!bytes) throw new Error(`no sample file ${name}`);
  return bytes;
}

type Category = "ran" | "pwned" | "body" | "headers" | "target";

function problemsOf(e: Execution, outcome: PoolOutcome | undefined): Record<Category, string[]> {
  const problems: Record<Category, string[]> = { ran: [], pwned: [], body: [], headers: [], target: [] };
  if (!outcome) return { ...problems, ran: ["was never run"] };
  if (!outcome.ok) return { ...problems, ran: [`could not run: ${outcome.error}`] };
  const { run, requests, origin } = outcome;
  if (existsSync(join(run.dir, PWNED_FILE))) problems.pwned.push(`${PWNED_FILE} was created: hostile text ran as code`);
  if (run.timedOut) problems.ran.push(`timed out after ${RUN_TIMEOUT_MS} ms`);
  if (run.code !== 0)
    problems.ran.push(`exit code ${run.code}${run.signal ? ` (${run.signal})` : ""}: ${clipJson(run.stderr.trim().split("\n").slice(-3).join(" / "), 300)}`);
  if (requests.length !== 1) problems.ran.push(`the recorder saw ${requests.length} requests, expected 1`);
  const recorded = requests[0];
  if (!recorded) return problems;

  // Headers: the token and bill-to text, verbatim.
  const { token, billTo, endpointUrl } = e.c.options;
  const authorization = `Bearer ${token ?? (endpointUrl === undefined ? HF_TOKEN_VALUE : API_TOKEN_VALUE)}`;
  if (recorded.headers.authorization !== authorization)
    problems.headers.push(`authorization ${clipJson(recorded.headers.authorization)}, expected ${clipJson(authorization)}`);
  if (recorded.headers["x-hf-bill-to"] !== billTo)
    problems.headers.push(`x-hf-bill-to ${clipJson(recorded.headers["x-hf-bill-to"])}, expected ${clipJson(billTo)}`);

  // Where the request went.
  const expected = expectedTarget(e, origin);
  const got = recordedTarget(recorded, origin);
  if (decodePercent(got) !== decodePercent(expected)) problems.target.push(`request went to ${clipJson(got)}, expected ${clipJson(expected)}`);

  // Body: the file's bytes, or JSON holding the record's text where the record put it.
  if (e.request.spec.request === "file") {
    if (!recorded.body.equals(sampleOf(e.request))) problems.body.push(`the body is not the ${sampleOf(e.request).length}-byte sample file`);
    return problems;
  }
  let body: unknown;
  try {
    body = JSON.parse(recorded.body.toString("utf8"));
  } catch (error) {
    problems.body.push(`body is not JSON (${(error as Error).message}): ${clipJson(recorded.body.toString("utf8"))}`);
    return problems;
  }
  for (const placement of placementsOf(e.c.kind, e.c.record)) {
    const value = valueAtPath(body, placement.path);
    const ok =
      placement.mode === "equal" ? isDeepStrictEqual(value, placement.expected) : typeof value === "string" && value.includes(placement.expected as string);
    if (!ok) {
      problems.body.push(
        `${placement.from} should ${placement.mode === "equal" ? "be" : "be inside"} body.${placement.path.join(".")}: got ${clipJson(value)}, expected ${clipJson(placement.expected)}`,
      );
    }
  }
  const base64 = e.request.spec.file ? sampleOf(e.request).toString("base64") : "";
  const whole = requestBody(e.request, base64);
  if (!isDeepStrictEqual(body, whole)) problems.body.push(`body differs from requestBody(): got ${clipJson(body)}, expected ${clipJson(whole)}`);
  return problems;
}

describe("C: hostile snippets run as data (curl, requests, fetch)", () => {
  // Header values must be ones HTTP can carry; the endpoint path and every widget field stay fully hostile.
  const candidates = fc.sample(hostileCase({ header: headerSafeText, endpointPath: hostileText }), { seed: SEED + 3, numRuns: C_RECORDS * 10 });
  // A fixed share of hostile endpoint URLs, so that the records without one still exercise every client's body.
  const runnable = candidates.filter((c) => requestOf(c)?.url !== undefined);
  const withEndpoint = Math.round(C_RECORDS * 0.3);
  const chosen = [
    ...runnable.filter((c) => c.options.endpointUrl === undefined).slice(0, C_RECORDS - withEndpoint),
    ...runnable.filter((c) => c.options.endpointUrl !== undefined).slice(0, withEndpoint),
  ];
  const skipped = new Set((Object.keys(rawClients) as RawClient[]).filter(runtimeMissing));
  const executions: Execution[] = chosen.flatMap((c, index) => {
    const request = requestOf(c) as InferenceRequest;
    return snippetsOf(c)
      .filter((snippet): snippet is Snippet & { client: RawClient } => isRawClient(snippet.client) && !skipped.has(snippet.client))
      .map((snippet) => ({ index, c, request, client: snippet.client, snippet }));
  });
  let pool: RecorderPool | undefined;
  let outcomes: PoolOutcome[] = [];
  let results: Record<Category, string[]>[] = [];

  beforeAll(async () => {
    pool = await RecorderPool.start(2);
    const jobs: PoolJob[] = executions.map((e) => ({
      snippet: { language: rawClients[e.client].language, client: e.client, content: e.snippet.content },
      responder: e.request.spec.response === "json" ? defaultResponder : binaryResponder,
      env: { API_TOKEN: API_TOKEN_VALUE },
      timeoutMs: RUN_TIMEOUT_MS,
    }));
    outcomes = await pool.runAll(jobs);
    totals.executed = outcomes.filter((outcome) => outcome.ok).length;
    results = executions.map((e, index) => problemsOf(e, outcomes[index]));
  }, 240_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
  });

  function failures(category: Category): string[] {
    return executions.flatMap((e, index) => {
      const problems = results[index]?.[category] ?? [];
      if (problems.length === 0) return [];
      return [`#${e.index} ${e.client} ${e.c.kind}: ${problems.join("; ")}\n    ${describeCase(e.c)}`];
    });
  }

  const report = (category: Category) => {
    const found = failures(category);
    return { found, message: `${found.length} of ${executions.length} runs:\n${found.slice(0, 25).join("\n")}` };
  };

  it(`runs ${C_RECORDS} records through every raw client`, () => {
    expect(chosen.length).toBe(C_RECORDS);
    const byClient = (client: RawClient) => executions.filter((e) => e.client === client).length;
    const placements = executions.reduce((sum, e) => sum + (e.request.spec.request === "file" ? 0 : placementsOf(e.c.kind, e.c.record).length), 0);
    const withOption = (key: "token" | "billTo" | "endpointUrl") => chosen.filter((c) => c.options[key] !== undefined).length;
    console.log(
      `hostile execution batch: ${chosen.length} records, ${executions.length} runs (curl ${byClient("curl")}, requests ${byClient("requests")}, fetch ${byClient("fetch")}); ` +
        `${placements} text placements checked; records with a token ${withOption("token")}, bill-to ${withOption("billTo")}, endpoint URL ${withOption("endpointUrl")}`,
    );
    expect(placements).toBeGreaterThan(C_RECORDS);
    expect(executions.length).toBeGreaterThanOrEqual(C_RECORDS * (3 - skipped.size));
  });

  it("no hostile text runs as code (no PWNED file)", () => {
    const { found, message } = report("pwned");
    expect(found.length, message).toBe(0);
  });

  it("every run exits 0 after exactly one request", () => {
    const { found, message } = report("ran");
    expect(found.length, message).toBe(0);
  });

  it("the record's hostile text arrives verbatim in the JSON body, where the record put it", () => {
    const { found, message } = report("body");
    expect(found.length, message).toBe(0);
  });

  it("the token and bill-to arrive verbatim in their headers", () => {
    const { found, message } = report("headers");
    expect(found.length, message).toBe(0);
  });

  it("the request reaches the path of the endpoint URL as `new URL` reads it", () => {
    const { found, message } = report("target");
    expect(found.length, message).toBe(0);
  });

  it("the endpoint URLs of the batch are hostile", () => {
    const withEndpoint = chosen.filter((c) => c.options.endpointUrl !== undefined);
    expect(withEndpoint.length).toBeGreaterThan(3);
    expect(withEndpoint.every((c) => c.options.endpointUrl?.startsWith(endpointBase))).toBe(true);
  });
});
