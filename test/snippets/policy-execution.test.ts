import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { requestBody } from "../../src/inference/body.js";
import { policies, type Policy } from "../../src/inference/policy.js";
import type { InferenceRequest, InferenceSnippetOptions } from "../../src/inference/request.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { packageVersions, problemsOf as pythonProblemsOf, pythonSdkJob, report as pythonReport, sdkCase } from "../helpers/python-sdk-expectations.js";
import { venvHas } from "../helpers/python-venv.js";
import { problemsOf as rawProblemsOf, rawExecutionSuite, report as rawReport, runtimeMissing, type Case as RawCase } from "../helpers/raw-execution.js";
import { isRawClient, rawClientNames, type RawClient } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";
import { startRecorder, type RecordedRequest } from "../helpers/recorder.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs, runSnippet } from "../helpers/run-snippet.js";
import { sdkResponder } from "../helpers/sdk-responder.js";

/*
 * --policy on the real clients: every chat snippet with a provider policy runs, unchanged, against the local recorder
 * (curl, requests and fetch; huggingface_hub and openai from .venv; @huggingface/inference and openai from npm), which
 * checks that the one POST goes to the router's chat route with the model named `<id>:<policy>`. The request the real
 * @huggingface/inference sends for that model name is the oracle of the raw clients' request: same path, same body.
 */

const mapping = {
  together: { status: "live", providerId: "acme/chat-turbo", task: "conversational" },
  groq: { status: "live", providerId: "chat-7b", task: "conversational" },
};
const chatRecord: ModelRecord = ModelRecordSchema.parse({
  id: "acme/policy-chat",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
  inferenceProviderMapping: mapping,
});
const visionRecord: ModelRecord = ModelRecordSchema.parse({
  id: "acme/policy-vision",
  pipeline_tag: "image-text-to-text",
  inferenceProviderMapping: { together: mapping.together },
});

interface PolicyCase {
  label: string;
  record: ModelRecord;
  policy: Policy;
  options: InferenceSnippetOptions;
  /** The request the snippets were written from: the router's automatic chat, the model suffixed. */
  request: InferenceRequest;
  snippet: Snippet;
}

const optionVariants: { name: string; record: ModelRecord; policy: Policy; options: InferenceSnippetOptions }[] = [
  ...policies.map((policy) => ({ name: policy, record: chatRecord, policy, options: {} })),
  { name: "fastest, stream", record: chatRecord, policy: "fastest", options: { stream: true } },
  { name: "cheapest, bill-to", record: chatRecord, policy: "cheapest", options: { billTo: "acme-org" } },
  { name: "preferred, vision", record: visionRecord, policy: "preferred", options: {} },
];

const cases: PolicyCase[] = optionVariants.flatMap(({ name, record, policy, options }) => {
  const answer = getModelSnippets(record, { kind: "inference", policy, ...options });
  const request = buildInferenceRequest(record, { ...options, provider: "auto", policy });
  if (!request) throw new Error(`${name}: no request`);
  return answer.snippets.map((snippet) => ({
    label: `${name} ${snippet.language}/${snippet.client}`,
    record,
    policy,
    options: { ...options, provider: "auto", policy },
    request,
    snippet,
  }));
});

const suffixed = (c: PolicyCase) => `${c.record.id}:${c.policy}`;

/** The model the one POST named, from its JSON body. */
function sentModel(sent: RecordedRequest | undefined): unknown {
  try {
    return (JSON.parse(sent?.body.toString("utf8") ?? "") as { model?: unknown }).model;
  } catch {
    return undefined;
  }
}

afterAll(() => removeSnippetDirs());

describe("policy snippets: the corpus", () => {
  it("every variant has its seven chat clients", () => {
    expect(cases.length).toBe(optionVariants.length * 7);
  });
});

describe("policy snippets run on the raw HTTP clients against the recorder", () => {
  const suite = rawExecutionSuite("raw-client policy snippets");
  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const own = cases.filter((c) => c.snippet.client === client && isRawClient(c.snippet.client));
      const raw: RawCase[] = own.map((c) => ({ client: client as RawClient, request: c.request, options: c.options, snippet: c.snippet }));
      let outcomes: PoolOutcome[] = [];
      beforeAll(async () => {
        outcomes = await suite.runCases(raw);
        suite.executed[client] += outcomes.filter((outcome) => outcome.ok).length;
      }, 120_000);
      own.forEach((c, index) => {
        it(c.label, () => {
          const outcome = outcomes[index];
          const { problems, recorded } = rawProblemsOf(raw[index] as RawCase, outcome);
          if (recorded && sentModel(recorded) !== suffixed(c)) problems.push(`model ${JSON.stringify(sentModel(recorded))}, expected ${suffixed(c)}`);
          if (recorded && recorded.path !== "/v1/chat/completions") problems.push(`path ${recorded.path}, expected the router's chat route`);
          expect(problems, rawReport(raw[index] as RawCase, outcome, problems)).toEqual([]);
        });
      });
    });
  }
});

const pythonAvailable = venvHas(["huggingface_hub", "openai"]);

describe.skipIf(!pythonAvailable)("policy snippets run on the real huggingface_hub and openai (Python)", () => {
  const own = cases.filter((c) => c.snippet.language === "python" && (c.snippet.client === "huggingface_hub" || c.snippet.client === "openai"));
  const sdkCases = own.map((c) => sdkCase(c.label, c.record, c.options, c.snippet));
  let pool: RecorderPool | undefined;
  let hfHome = "";
  let outcomes: PoolOutcome[] = [];
  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(2);
    outcomes = await pool.runAll(sdkCases.map((c) => pythonSdkJob(c, hfHome)));
    console.log(`executed ${outcomes.length} Python policy snippets on ${packageVersions()}`);
  }, 200_000);
  afterAll(async () => {
    await pool?.close();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
  });
  sdkCases.forEach((c, index) => {
    it(c.label, () => {
      const outcome = outcomes[index];
      const problems = pythonProblemsOf(c, outcome);
      const sent = outcome?.requests.find((request) => request.method === "POST");
      const expected = suffixed(own[index] as PolicyCase);
      if (sentModel(sent) !== expected) problems.push(`model ${JSON.stringify(sentModel(sent))}, expected ${expected}`);
      expect(problems, pythonReport(c, outcome, problems)).toEqual([]);
    });
  });
});

const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));

describe("policy snippets run on the real @huggingface/inference and openai (JavaScript), the oracle of the raw request", () => {
  const own = cases.filter((c) => c.snippet.language === "js" && (c.snippet.client === "huggingface.js" || c.snippet.client === "openai"));
  for (const c of own) {
    it(
      c.label,
      async () => {
        const recorder = await startRecorder(sdkResponder(c.request.kind, "js"));
        try {
          const run = await runSnippet(c.snippet, { nodeArgs: ["--import", preload], env: { HUB_SNIPPETS_TEST_ORIGIN: recorder.origin } });
          expect(run.code, `${run.stderr}\n--- snippet ---\n${c.snippet.content}`).toBe(0);
          expect(run.stdout).toContain("Hello world");
          const posts = recorder.requests.filter((request) => request.method === "POST");
          expect(posts).toHaveLength(1);
          const sent = posts[0] as RecordedRequest;
          expect(sent.path).toBe("/__host/router.huggingface.co/v1/chat/completions");
          expect(sent.headers.authorization).toBe("Bearer hf_test_token");
          expect(sent.headers["x-hf-bill-to"]).toBe(c.options.billTo);
          expect(sentModel(sent)).toBe(suffixed(c));
          // The wire request: what the SDK sent for `<id>:<policy>` is what our raw clients send (their runs above hold them to requestBody).
          const body = JSON.parse(sent.body.toString("utf8")) as unknown;
          const ours = requestBody(c.request, "");
          expect(isDeepStrictEqual(body, ours), `the SDK sent ${JSON.stringify(body)}, our raw clients ${JSON.stringify(ours)}`).toBe(true);
          expect(`https://router.huggingface.co${sent.path.replace("/__host/router.huggingface.co", "")}`).toBe(c.request.url);
        } finally {
          await recorder.close();
        }
      },
      60_000,
    );
  }
});
