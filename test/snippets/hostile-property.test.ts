import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import * as prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import { parseModelRecord } from "../../src/model/read.js";
import type { Snippet } from "../../src/snippets/clients.js";
import { requestBody } from "../../src/snippets/inference/body.js";
import { buildInferenceRequest, type InferenceRequest } from "../../src/snippets/inference/request.js";
import { getInferenceSnippets } from "../../src/snippets/inference/snippets.js";
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
import { binaryResponder, defaultResponder, type RecordedRequest } from "../helpers/recorder.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "../helpers/recorder-pool.js";
import { ROUTER_ORIGIN, hasRuntime, removeSnippetDirs, sampleFiles } from "../helpers/run-snippet.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { isRawClient, rawClients, type RawClient } from "../helpers/raw-clients.js";

/*
 * Property-based hostile corpus: records whose every snippet-bound field holds arbitrary text, with hostile
 * options. A: in process, many records; B: a batch of records, every snippet parsed and formatter-checked;
 * C: a smaller batch executed (curl, requests, fetch) against the recorder. Fixed seeds: CI sees the same cases.
 */

const SEED = 20261122;
const A_RUNS = 2000;
const B_RECORDS = 150;
const C_RECORDS = 40;
const RUN_TIMEOUT_MS = 15_000;

const totals = { A: 0, parsed: 0, executed: 0 };
const started = performance.now();
/** Scratch directories, removed at the end of the file even when a filter skips the suite that made them. */
const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`hostile property runs: A=${totals.A}, parsed=${totals.parsed}, executed=${totals.executed} (${seconds} s)`);
});

/** The record goes through JSON and the real reader, as it would from a file. */
function snippetsOf(c: HostileCase): Snippet[] {
  return getInferenceSnippets(parseModelRecord(JSON.stringify(c.record), "hostile.json"), c.options);
}

function requestOf(c: HostileCase): InferenceRequest | undefined {
  return buildInferenceRequest(parseModelRecord(JSON.stringify(c.record), "hostile.json"), c.options);
}

const describeCase = (c: HostileCase) => `${c.kind}; record ${clipJson(c.record, 600)}; options ${clipJson(c.options, 300)}`;

/** Code points of a string as U+XXXX, for messages about invisible characters. */
const codePoints = (text: string) => [...text].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`).join(" ");

function rawNulLines(snippet: Snippet): string[] {
  return snippet.content.split("\n").filter((line) => line.includes("\u0000"));
}

// ---------------------------------------------------------------------------------------------------------------
// A: in process

describe("A: hostile records in process", () => {
  it(`never throws, and JavaScript snippets are ASCII only (${A_RUNS} records)`, () => {
    fc.assert(
      fc.property(hostileCase(), (c) => {
        totals.A += 1;
        const snippets = snippetsOf(c);
        for (const snippet of snippets) {
          if (snippet.content.trim() === "") throw new Error(`${snippet.language}/${snippet.client} snippet is empty`);
          if (snippet.language === "js" && !/^[\x00-\x7f]*$/.test(snippet.content)) {
            const odd = [...snippet.content].filter((char) => char > "\x7f");
            throw new Error(`js/${snippet.client} snippet holds non-ASCII ${codePoints(odd.join("")).slice(0, 200)}`);
          }
        }
      }),
      { seed: SEED, numRuns: A_RUNS },
    );
  });

  it(`no snippet holds a raw NUL (${A_RUNS} records)`, () => {
    fc.assert(
      fc.property(hostileCase(), (c) => {
        totals.A += 1;
        for (const snippet of snippetsOf(c)) {
          const bad = rawNulLines(snippet);
          if (bad.length > 0) throw new Error(`${snippet.language}/${snippet.client} holds a raw NUL on: ${bad.map((line) => JSON.stringify(line)).join(" | ")}`);
        }
      }),
      { seed: SEED + 1, numRuns: A_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// B: every snippet of a batch of records parses and is formatter-clean

describe("B: hostile snippets parse and are formatter-clean", () => {
  const extension = { js: "mjs", python: "py", sh: "sh" } as const;
  const dir = mkdtempSync(join(tmpdir(), "hostile-syntax-"));
  scratchDirs.push(dir);
  const cases = fc.sample(hostileCase(), { seed: SEED + 2, numRuns: B_RECORDS });
  const files: { path: string; language: Snippet["language"]; content: string; origin: string }[] = [];
  cases.forEach((c, index) => {
    for (const snippet of snippetsOf(c)) {
      const path = join(dir, `r${String(index).padStart(3, "0")}-${c.kind}-${snippet.client.replace(/\W/g, "_")}.${extension[snippet.language]}`);
      const content = `${snippet.content}\n`;
      writeFileSync(path, content, "utf8");
      files.push({ path, language: snippet.language, content, origin: describeCase(c) });
    }
  });
  totals.parsed = files.length;

  const of = (language: Snippet["language"]) => files.filter((file) => file.language === language);
  const paths = (language: Snippet["language"]) => of(language).map((file) => file.path);
  /** The problems, each followed by the record that made the file it names. */
  const explain = (problems: string[]) =>
    problems
      .slice(0, 20)
      .map((problem) => {
        const file = files.find((candidate) => problem.includes(candidate.path));
        return file ? `${problem}\n    from ${file.origin}` : problem;
      })
      .join("\n");

  it("the batch checkers catch broken and badly formatted files (canaries)", () => {
    const canaries = mkdtempSync(join(tmpdir(), "hostile-canary-"));
    try {
      const file = (name: string, content: string) => {
        writeFileSync(join(canaries, name), content);
        return join(canaries, name);
      };
      expect(jsModuleErrors([file("broken.mjs", "const x = ;\n")]).join("\n")).toContain("broken.mjs");
      expect(pythonAstErrors([file("broken.py", "def (:\n")]).join("\n")).toContain("broken.py");
      expect(bashSyntaxErrors([file("broken.sh", "if then\n")]).join("\n")).toContain("broken.sh");
      rmSync(join(canaries, "broken.py"));
      file("unformatted.py", "x = {  'a':1}\n");
      if (hasTool("black")) expect(blackProblems(canaries).join("\n")).toContain("unformatted.py");
      if (hasTool("shellcheck")) expect(shellcheckProblems([file("unquoted.sh", "echo $1\n")], ["SC2016", "SC1003"]).join("\n")).toContain("SC2086");
    } finally {
      rmSync(canaries, { recursive: true, force: true });
    }
  });

  it("the batch covers every language", () => {
    console.log(`hostile syntax batch: ${cases.length} records, ${files.length} snippets (js ${of("js").length}, python ${of("python").length}, sh ${of("sh").length})`);
    for (const language of ["js", "python", "sh"] as const) expect(of(language).length).toBeGreaterThan(20);
  });

  it("JavaScript parses as an ES module", () => {
    const problems = jsModuleErrors(paths("js"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it("JavaScript is prettier-clean (default options)", async () => {
    const problems: string[] = [];
    for (const file of of("js")) {
      try {
        if ((await prettier.format(file.content, { parser: "babel" })) !== file.content) problems.push(`${file.path}: prettier would reformat it`);
      } catch (error) {
        problems.push(`${file.path}: prettier cannot parse it: ${(error as Error).message.split("\n")[0]}`);
      }
    }
    expect(problems, explain(problems)).toEqual([]);
  }, 60_000);

  it("Python parses (ast)", () => {
    const problems = pythonAstErrors(paths("python"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python is black-clean", () => {
    // Only the Python files: black checks every .py file under the directory.
    const problems = blackProblems(dir);
    expect(problems, explain(problems)).toEqual([]);
  }, 150_000);

  it("shell passes bash -n", () => {
    const problems = bashSyntaxErrors(paths("sh"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    // SC2016 ("expressions don't expand in single quotes") and SC1003 ("want to escape a single quote?") are
    // notes that guess the author meant `$x` or `\'` as code: here it is literal data, quoted on purpose.
    const problems = shellcheckProblems(paths("sh"), ["SC2016", "SC1003"]);
    expect(problems, explain(problems)).toEqual([]);
  }, 150_000);
});

// ---------------------------------------------------------------------------------------------------------------
// C: the raw HTTP clients run, and the hostile text arrives as data

const API_TOKEN_VALUE = "api_test_token";
const HF_TOKEN_VALUE = "hf_test_token";

/** Under CI=true a missing runtime fails the run instead of skipping its client. */
function runtimeMissing(client: RawClient): boolean {
  if (process.env.CI === "true") return false;
  const missing = !hasRuntime(rawClients[client].runtime);
  if (missing) console.warn(`NOTICE: ${rawClients[client].runtime} is missing; hostile ${client} snippets are not executed`);
  return missing;
}

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

function recordedTarget(recorded: RecordedRequest, origin: string): string {
  const url = new URL(recorded.path, origin);
  return `${url.pathname}${url.search}`;
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
  if (run.code !== 0) problems.ran.push(`exit code ${run.code}${run.signal ? ` (${run.signal})` : ""}: ${clipJson(run.stderr.trim().split("\n").slice(-3).join(" / "), 300)}`);
  if (requests.length !== 1) problems.ran.push(`the recorder saw ${requests.length} requests, expected 1`);
  const recorded = requests[0];
  if (!recorded) return problems;

  // Headers: the token and bill-to text, verbatim.
  const { token, billTo, endpointUrl } = e.c.options;
  const authorization = `Bearer ${token ?? (endpointUrl === undefined ? HF_TOKEN_VALUE : API_TOKEN_VALUE)}`;
  if (recorded.headers.authorization !== authorization) problems.headers.push(`authorization ${clipJson(recorded.headers.authorization)}, expected ${clipJson(authorization)}`);
  if (recorded.headers["x-hf-bill-to"] !== billTo) problems.headers.push(`x-hf-bill-to ${clipJson(recorded.headers["x-hf-bill-to"])}, expected ${clipJson(billTo)}`);

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
      placement.mode === "equal"
        ? isDeepStrictEqual(value, placement.expected)
        : typeof value === "string" && value.includes(placement.expected as string);
    if (!ok) {
      problems.body.push(`${placement.from} should ${placement.mode === "equal" ? "be" : "be inside"} body.${placement.path.join(".")}: got ${clipJson(value)}, expected ${clipJson(placement.expected)}`);
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

// ---------------------------------------------------------------------------------------------------------------
// Pinned: the smallest inputs behind what the properties found, one test each (they fail until src is fixed)

function modelOf(record: Record<string, unknown>) {
  return parseModelRecord(JSON.stringify({ tags: [], ...record }), "pinned.json");
}

const textModel = () => modelOf({ id: "acme/pinned", pipeline_tag: "text-classification", widgetData: [{ text: "plain text" }] });
const chatModel = () => modelOf({ id: "acme/pinned-chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ text: "plain text" }] });
const curlOf = (snippets: Snippet[]) => snippets.find((snippet) => snippet.client === "curl")?.content ?? "(no curl snippet)";

describe("pinned: options that cannot be sent are refused as usage errors", () => {
  // A NUL or line break cannot travel in an HTTP header (and bash drops a NUL from a script); snippets append
  // paths to an endpoint URL, which a query or fragment would break.
  for (const [name, options] of [
    ["--token with a NUL", { token: "hf_a\u0000b" }],
    ["--bill-to with a line break", { billTo: "acme\norg" }],
    ["--endpoint-url with a query", { endpointUrl: `${endpointBase}ep?api-version=1` }],
    ["--endpoint-url with a fragment", { endpointUrl: `${endpointBase}ep#x` }],
    ["--endpoint-url with a lone %", { endpointUrl: `${endpointBase}100%` }],
  ] as const) {
    it(name, () => {
      let thrown: unknown;
      try {
        getInferenceSnippets(textModel(), options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UserError);
      expect((thrown as UserError).exitCode).toBe(2);
    });
  }

  it("an endpoint URL with a NUL reaches no snippet raw (it is percent-encoded)", () => {
    const lines = curlOf(getInferenceSnippets(textModel(), { endpointUrl: `${endpointBase}a\u0000b` })).split("\n");
    expect(lines.filter((line) => line.includes("\u0000"))).toEqual([]);
  });
});

describe("pinned: widget values that fall through to empty requests", () => {
  it("zero-shot candidate_labels of only commas and spaces fall back to the default labels", () => {
    const request = buildInferenceRequest(modelOf({ id: "acme/zs", pipeline_tag: "zero-shot-classification", widgetData: [{ text: "hi", candidate_labels: " , " }] }));
    const example = request?.example;
    expect(example?.shape).toBe("labels");
    expect(example && "candidateLabels" in example ? example.candidateLabels.length : 0, "sends candidate_labels: []").toBeGreaterThan(0);
  });

  it("a blank cardData.instance_prompt falls back to the default prompt, as blank widget text does", () => {
    for (const prompt of ["", "   "]) {
      const request = requestOf({ kind: "text-to-image", record: { id: "acme/t2i", pipeline_tag: "text-to-image", tags: [], cardData: { instance_prompt: prompt } }, options: {} });
      const inputs = request ? (requestBody(request, null) as { inputs?: unknown }).inputs : undefined;
      expect(typeof inputs === "string" && inputs.trim() !== "", `instance_prompt ${JSON.stringify(prompt)} gives inputs ${JSON.stringify(inputs)}`).toBe(true);
    }
  });
});

describe("pinned: endpoint URLs that `new URL` accepts but the snippets send elsewhere", () => {
  interface PinnedRun {
    name: string;
    client: RawClient;
    model: () => ReturnType<typeof modelOf>;
    endpointUrl: string;
    /** Path and query the one request must reach. */
    expected: string;
  }
  const pinned: PinnedRun[] = [
    // curl refuses a URL with a space: "URL using bad/illegal format" (exit 3); new URL reads it as %20.
    { name: "curl, a space in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}my model`, expected: "/endpoint/my%20model" },
    // curl globs {a,b} into two requests, to /endpoint/a and /endpoint/b (no --globoff).
    { name: "curl, braces in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}{a,b}`, expected: "/endpoint/%7Ba,b%7D" },
    // curl reads [1] as a range: "bad range in URL" (exit 3).
    { name: "curl, brackets in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}v[1]`, expected: "/endpoint/v[1]" },
    { name: "fetch, chat endpoint with a space", client: "fetch", model: chatModel, endpointUrl: `${endpointBase}my ep`, expected: "/endpoint/my%20ep/v1/chat/completions" },
  ];
  const skipped = new Set((Object.keys(rawClients) as RawClient[]).filter(runtimeMissing));
  const runnable = pinned.filter((p) => !skipped.has(p.client));
  let pool: RecorderPool | undefined;
  let outcomes: PoolOutcome[] = [];

  beforeAll(async () => {
    pool = await RecorderPool.start(2);
    outcomes = await pool.runAll(
      runnable.map((p) => {
        const snippet = getInferenceSnippets(p.model(), { endpointUrl: p.endpointUrl }).find((candidate) => candidate.client === p.client);
        if (!snippet) throw new Error(`no ${p.client} snippet for ${p.name}`);
        return { snippet: { language: rawClients[p.client].language, client: p.client, content: snippet.content }, responder: defaultResponder, env: { API_TOKEN: API_TOKEN_VALUE }, timeoutMs: RUN_TIMEOUT_MS };
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
  });

  runnable.forEach((p, index) => {
    it(`${p.name}: ${JSON.stringify(p.endpointUrl)}`, () => {
      const outcome = outcomes[index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.ok === false ? outcome.error : "no outcome"}`);
      const targets = outcome.requests.map((request) => recordedTarget(request, outcome.origin));
      const stderr = outcome.run.stderr.trim().split("\n").slice(-3).join("\n");
      expect({ code: outcome.run.code, targets }, stderr).toEqual({ code: 0, targets: [p.expected] });
    });
  });
});
