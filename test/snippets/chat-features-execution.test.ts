import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { requestBody } from "../../src/inference/body.js";
import type { InferenceRequest, InferenceSnippetOptions } from "../../src/inference/request.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { withHubModelApi } from "../helpers/hub-mapping-responder.js";
import { pythonSdkJob, sdkCase } from "../helpers/python-sdk-expectations.js";
import { venvHas } from "../helpers/python-venv.js";
import { jobFor, runtimeMissing } from "../helpers/raw-execution.js";
import { isRawClient, type RawClient } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";
import { startRecorder, type RecordedRequest, type RecorderResponse, type Responder } from "../helpers/recorder.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs, runSnippet } from "../helpers/run-snippet.js";
import { sdkResponder } from "../helpers/sdk-responder.js";

/*
 * --json-schema and --tools on the real clients: every such chat snippet runs, unchanged, against the recorder, which
 * checks the `response_format` or `tools` it sends (hostile text included, as data) and answers as the router does: a
 * chat completion whose text is JSON, or one that calls a tool, which the snippet parses and prints. The request
 * @huggingface/inference sends for the same call is the oracle of the raw clients' body.
 */

/** A schema whose text would break code written as code: quotes, backslashes, shell and template syntax, escapes. */
const schemaText = String.raw`{"type": "object", "properties": {"title": {"type": "string", "description": "it's \"quoted\" \\ $(touch pwned) ${"`"}x${"`"} \u001b[31m {{ x }} é \u2028 end"}, "__proto__": {"type": "string"}}, "required": ["title"], "additionalProperties": false}`;
const schema = JSON.parse(schemaText) as Record<string, unknown>;
const jsonSchema = { schema, name: "paper" };
const expectedFormat = { type: "json_schema", json_schema: { name: "paper", schema } };

/** Tool definitions whose text would break code written as code. */
const tools = JSON.parse(
  String.raw`[{"type": "function", "function": {"name": "get_weather", "description": "a city's \"weather\" \\ $(touch pwned) \u001b", "parameters": {"type": "object", "properties": {"location": {"type": "string"}}, "required": ["location"]}}}, {"type": "function", "function": {"name": "noop"}}]`,
) as unknown[];

/** What the fake router answers: JSON text the snippet must parse. */
const answer = { title: "Attention Is All You Need", note: 'it\'s "quoted" \\ \u001b é' };
/** The arguments of the tool call it answers, as JSON text. */
const toolArguments = { location: 'Paris "Île" \\' };

type Feature = "json-schema" | "tools";

function completionOf(model: string, feature: Feature): RecorderResponse {
  const message =
    feature === "json-schema"
      ? { role: "assistant", content: JSON.stringify(answer) }
      : {
          role: "assistant",
          content: null,
          tool_calls: [{ id: "call_1", type: "function", function: { name: "get_weather", arguments: JSON.stringify(toolArguments) } }],
        };
  const body = {
    id: "chatcmpl-structured",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: feature === "json-schema" ? "stop" : "tool_calls" }],
    usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
  };
  return { headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}

/** Chat POSTs get the feature's answer; everything else (the Hub's model API, …) goes to `next`. */
function structuredResponder(next: Responder, feature: Feature): Responder {
  return (request) => {
    if (request.method === "POST" && request.path.split("?")[0]?.endsWith("/chat/completions")) {
      const sent = parsed(request) as { model?: string } | undefined;
      return completionOf(sent?.model ?? "served", feature);
    }
    return next(request);
  };
}

function parsed(request: RecordedRequest | undefined): unknown {
  try {
    return JSON.parse(request?.body.toString("utf8") ?? "");
  } catch {
    return undefined;
  }
}

const record = (id: string, mapping: Record<string, unknown>): ModelRecord =>
  ModelRecordSchema.parse({ id, pipeline_tag: "text-generation", tags: ["conversational"], inferenceProviderMapping: mapping });
/** Every live provider takes a schema: the router chooses. */
const allTake = record("acme/structured-all", {
  cerebras: { status: "live", providerId: "llama-so", task: "conversational" },
  groq: { status: "live", providerId: "llama-groq", task: "conversational" },
});
/** together is not known to: the code names cerebras. */
const someTake = record("acme/structured-some", {
  together: { status: "live", providerId: "t/llama", task: "conversational" },
  cerebras: { status: "live", providerId: "cerebras-llama", task: "conversational" },
});
/** Tools: every live provider takes them, or cerebras does not (the code names novita). */
const allTools = record("acme/tools-all", {
  novita: { status: "live", providerId: "n/llama", task: "conversational" },
  together: { status: "live", providerId: "t/llama", task: "conversational" },
});
const someTools = record("acme/tools-some", {
  cerebras: { status: "live", providerId: "c-llama", task: "conversational" },
  novita: { status: "live", providerId: "n/llama", task: "conversational" },
});

interface Case {
  label: string;
  feature: Feature;
  record: ModelRecord;
  options: InferenceSnippetOptions;
  request: InferenceRequest;
  snippet: Snippet;
}

const cases: Case[] = (
  [
    { record: allTake, provider: "auto", feature: "json-schema" },
    { record: someTake, provider: "cerebras", feature: "json-schema" },
    { record: allTools, provider: "auto", feature: "tools" },
    { record: someTools, provider: "novita", feature: "tools" },
  ] as const
).flatMap(({ record: model, provider, feature }) => {
  const asked: InferenceSnippetOptions = feature === "json-schema" ? { jsonSchema } : { tools };
  const snippets = getModelSnippets(model, { kind: "inference", ...asked }).snippets;
  const options: InferenceSnippetOptions = { provider, ...asked };
  const request = buildInferenceRequest(model, options);
  if (!request) throw new Error("no request");
  return snippets.map((snippet) => ({ label: `${model.id} ${snippet.language}/${snippet.client}`, feature, record: model, options, request, snippet }));
});

/** Every way a run differs from the promise: one POST, the response format as data, the answer parsed and printed. */
function problemsOf(c: Case, outcome: PoolOutcome | undefined, raw: boolean): string[] {
  if (!outcome) return ["was never run"];
  if (!outcome.ok) return [`could not run: ${outcome.error}`];
  const problems: string[] = [];
  if (outcome.run.code !== 0) problems.push(`exit ${outcome.run.code}: ${outcome.run.stderr.slice(-600)}`);
  const posts = outcome.requests.filter((request) => request.method === "POST");
  if (posts.length !== 1) return [...problems, `expected one POST, saw ${posts.length}`];
  const body = parsed(posts[0]) as Record<string, unknown> | undefined;
  if (c.feature === "json-schema" && !isDeepStrictEqual(body?.response_format, expectedFormat))
    problems.push(`response_format ${JSON.stringify(body?.response_format)}, expected ${JSON.stringify(expectedFormat)}`);
  if (c.feature === "tools" && !isDeepStrictEqual(body?.tools, tools)) problems.push(`tools ${JSON.stringify(body?.tools)}, expected ${JSON.stringify(tools)}`);
  if (raw && !isDeepStrictEqual(body, requestBody(c.request, ""))) problems.push(`body ${JSON.stringify(body)} differs from requestBody()`);
  if (c.snippet.client === "curl") {
    if (outcome.run.stdout !== completionOf(String(body?.model), c.feature).body)
      problems.push(`curl printed ${JSON.stringify(outcome.run.stdout.slice(0, 300))}`);
  } else if (c.feature === "tools") {
    // One line per tool call: its name, then its arguments parsed and written again as JSON.
    const [line, ...rest] = outcome.run.stdout.split("\n").filter((text) => text !== "");
    const space = line?.indexOf(" ") ?? -1;
    let args: unknown;
    try {
      args = JSON.parse(line?.slice(space + 1) ?? "");
    } catch {
      args = undefined;
    }
    if (rest.length > 0 || line?.slice(0, space) !== "get_weather" || !isDeepStrictEqual(args, toolArguments))
      problems.push(`printed ${JSON.stringify(outcome.run.stdout.slice(0, 300))}, not the tool call`);
  } else {
    let printed: unknown;
    try {
      printed = JSON.parse(outcome.run.stdout);
    } catch {
      printed = undefined;
    }
    if (!isDeepStrictEqual(printed, answer)) problems.push(`printed ${JSON.stringify(outcome.run.stdout.slice(0, 300))}, not the parsed answer`);
  }
  return problems;
}

const report = (c: Case, outcome: PoolOutcome | undefined, problems: string[]) =>
  [
    `${c.label}:`,
    ...problems.map((problem) => `  - ${problem}`),
    "--- snippet ---",
    c.snippet.content,
    ...(outcome?.ok ? [`--- stderr ---\n${outcome.run.stderr.slice(-1500)}`] : []),
  ].join("\n");

afterAll(() => removeSnippetDirs());

describe("structured-output and tool-call snippets: the corpus", () => {
  it("every record gets all seven chat clients; the second names cerebras", () => {
    expect(cases).toHaveLength(28);
    for (const c of cases.filter((item) => item.record === someTools && ["openai", "requests", "fetch", "curl"].includes(item.snippet.client)))
      expect(c.snippet.content).toContain("acme/tools-some:novita");
    for (const c of cases.filter((item) => item.record === someTake && ["openai", "requests", "fetch", "curl"].includes(item.snippet.client)))
      expect(c.snippet.content).toContain("acme/structured-some:cerebras");
    for (const c of cases.filter((item) => item.record === allTake)) expect(c.snippet.content).not.toMatch(/:cerebras|:groq/);
  });
});

describe("structured-output and tool-call snippets run on the raw HTTP clients", () => {
  const own = cases.filter((c) => isRawClient(c.snippet.client) && !runtimeMissing(c.snippet.client as RawClient));
  let pool: RecorderPool | undefined;
  let outcomes: PoolOutcome[] = [];
  beforeAll(async () => {
    pool = await RecorderPool.start(2);
    const jobs = own.map((c) => {
      const job = jobFor({ client: c.snippet.client as RawClient, request: c.request, options: c.options, snippet: c.snippet });
      return { ...job, responder: structuredResponder(job.responder, c.feature) };
    });
    outcomes = await pool.runAll(jobs);
  }, 120_000);
  afterAll(async () => pool?.close());
  own.forEach((c, index) => {
    it(c.label, () => {
      const problems = problemsOf(c, outcomes[index], true);
      expect(problems, report(c, outcomes[index], problems)).toEqual([]);
    });
  });
});

describe.skipIf(!venvHas(["huggingface_hub", "openai"]))("structured-output snippets run on the real huggingface_hub and openai (Python)", () => {
  const own = cases.filter((c) => c.snippet.language === "python" && (c.snippet.client === "huggingface_hub" || c.snippet.client === "openai"));
  let pool: RecorderPool | undefined;
  let hfHome = "";
  let outcomes: PoolOutcome[] = [];
  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(2);
    const jobs = own.map((c) => {
      const job = pythonSdkJob(sdkCase(c.label, c.record, c.options, c.snippet), hfHome);
      return { ...job, responder: structuredResponder(withHubModelApi(c.record as never, sdkResponder("conversational", "python")), c.feature) };
    });
    outcomes = await pool.runAll(jobs);
  }, 200_000);
  afterAll(async () => {
    await pool?.close();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
  });
  own.forEach((c, index) => {
    it(c.label, () => {
      const problems = problemsOf(c, outcomes[index], false);
      expect(problems, report(c, outcomes[index], problems)).toEqual([]);
    });
  });
});

const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));

describe("structured-output and tool-call snippets run on the real @huggingface/inference and openai (JavaScript)", () => {
  const own = cases.filter((c) => c.snippet.language === "js" && (c.snippet.client === "huggingface.js" || c.snippet.client === "openai"));
  for (const c of own) {
    it(
      c.label,
      async () => {
        const recorder = await startRecorder(structuredResponder(withHubModelApi(c.record as never, sdkResponder("conversational", "js")), c.feature));
        try {
          const run = await runSnippet(c.snippet, { nodeArgs: ["--import", preload], env: { HUB_SNIPPETS_TEST_ORIGIN: recorder.origin } });
          const outcome: PoolOutcome = { ok: true, run, requests: [...recorder.requests], origin: recorder.origin };
          const problems = problemsOf(c, outcome, false);
          // The oracle: where the SDK makes the router's own chat call, its body is our raw clients' body.
          if (c.snippet.client === "huggingface.js" && c.request.provider === "auto") {
            const sent = parsed(recorder.requests.find((request) => request.method === "POST"));
            if (!isDeepStrictEqual(sent, requestBody(c.request, "")))
              problems.push(`@huggingface/inference sent ${JSON.stringify(sent)}, our raw clients ${JSON.stringify(requestBody(c.request, ""))}`);
          }
          expect(problems, report(c, outcome, problems)).toEqual([]);
        } finally {
          await recorder.close();
        }
      },
      60_000,
    );
  }
});
