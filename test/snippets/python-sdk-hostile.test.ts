import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { hostileStrings } from "../helpers/hostile-records.js";
import { problemsOf, pythonSdkJob, report, sdkCase, sdkClients, type Case, type SdkClient } from "../helpers/python-sdk-expectations.js";
import { venvHas } from "../helpers/python-venv.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";

/*
 * Hostile widget text and options through the Python SDK snippets, run on the real packages: the text must reach
 * the request as data (the body equals the raw clients' body, which carries it verbatim) and never run as code.
 * Then canaries: damaged copies of real snippets that the checks must catch, among them the chat snippet main
 * wrote before this test existed, which the real huggingface_hub refuses.
 */

const WORKERS = 2;
const SUITE_TIMEOUT_MS = 400_000;
const available = venvHas(["huggingface_hub", "openai", "PIL", "numpy"]);

const record = (fields: Record<string, unknown>) => ModelRecordSchema.parse({ tags: [], ...fields });

/** Records whose example text a user controls, one per way text enters a Python SDK call. */
const hostileRecords: [kind: string, record: (text: string) => ModelRecord][] = [
  ["text-classification", (text) => record({ id: "acme/hostile-text", pipeline_tag: "text-classification", widgetData: [{ text }] })],
  ["fill-mask", (text) => record({ id: "acme/hostile-fill-mask", pipeline_tag: "fill-mask", mask_token: text })],
  [
    "zero-shot-classification",
    (text) => record({ id: "acme/hostile-zero-shot", pipeline_tag: "zero-shot-classification", widgetData: [{ text, candidate_labels: [text, "b"] }] }),
  ],
  ["question-answering", (text) => record({ id: "acme/hostile-qa", pipeline_tag: "question-answering", widgetData: [{ text, context: text }] })],
  ["chat", (text) => record({ id: "acme/hostile-chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ text }] })],
  ["document-question-answering", (text) => record({ id: "acme/hostile-document-qa", pipeline_tag: "document-question-answering", widgetData: [{ text }] })],
  ["image-to-image", (text) => record({ id: "acme/hostile-image-to-image", pipeline_tag: "image-to-image", widgetData: [{ text }] })],
];

/** Hostile values of the options that reach headers (no line breaks: HTTP cannot carry them in a header). */
const hostileOptionValues: [label: string, value: string][] = [
  ["shell and quotes", `hf_$(touch PWNED_MARKER)'"\`touch PWNED_MARKER\`\\`],
  ["template and braces", "hf_${process.exit(3)}{os.system('touch PWNED_MARKER')}{{ 7*7 }}"],
];

type HostileCase = Case & { hostileText?: string };

function casesFor(label: string, model: ModelRecord, options: InferenceSnippetOptions, hostileText?: string): HostileCase[] {
  return getInferenceSnippets(model, options)
    .filter((snippet) => snippet.language === "python" && (sdkClients as readonly string[]).includes(snippet.client))
    .map((snippet) => ({ ...sdkCase(`${label} python/${snippet.client}`, model, options, snippet), hostileText }));
}

const hostileCases: HostileCase[] = [
  ...hostileRecords.flatMap(([kind, make]) => hostileStrings.flatMap(([label, text]) => casesFor(`${kind} ← ${label}`, make(text), {}, text))),
  ...hostileOptionValues.flatMap(([label, value]) =>
    hostileRecords
      .filter(([kind]) => kind === "text-classification" || kind === "chat")
      .flatMap(([kind, make]) => casesFor(`${kind} ← token and bill-to: ${label}`, make("plain text"), { token: value, billTo: value })),
  ),
];

/**
 * Both packages encode most JSON bodies as UTF-8 without escapes, in which a lone surrogate cannot be written:
 * there they refuse such text before sending anything (the Hub, which stores UTF-8, cannot hold one either:
 * only a hand-made record can). Where they escape it, as the raw clients do, it must arrive intact.
 */
const unsendable = (text: string) => !text.isWellFormed();

function refusalProblems(outcome: PoolOutcome | undefined): string[] {
  if (!outcome?.ok) return ["was never run"];
  const problems: string[] = [];
  if (!outcome.run.stderr.includes("surrogates not allowed"))
    problems.push(`expected the package to refuse the lone surrogate, got exit ${outcome.run.code}: ${outcome.run.stderr.slice(-300)}`);
  if (outcome.requests.some((sent) => sent.method === "POST")) problems.push("sent a request anyway");
  return problems;
}

function hostileProblems(c: HostileCase, outcome: PoolOutcome | undefined): string[] {
  const refused = c.hostileText !== undefined && unsendable(c.hostileText) && outcome?.ok && outcome.run.code !== 0;
  const problems = refused ? refusalProblems(outcome) : problemsOf(c, outcome);
  if (outcome?.ok && existsSync(join(outcome.run.dir, "PWNED_MARKER"))) problems.push("PWNED_MARKER was created: the text ran as code");
  return problems;
}

interface Canary {
  name: string;
  base: () => Case;
  damage: (content: string) => string;
  /** A fragment of the problem the checks must report. */
  expect: string;
}

function plainCase(kind: "chat" | "text-classification" | "image-to-image", client: SdkClient, options: InferenceSnippetOptions = {}): Case {
  const make = hostileRecords.find(([name]) => name === kind)?.[1];
  if (!make) throw new Error(`no record for ${kind}`);
  const found = casesFor(`canary ${kind}`, make("plain text"), options).find((c) => c.client === client);
  if (!found) throw new Error(`no ${client} snippet for ${kind}`);
  return found;
}

const canaries: Canary[] = [
  {
    name: "huggingface_hub chat naming the model <id>:hf-inference, as main did: the real package refuses it",
    base: () => plainCase("chat", "huggingface_hub"),
    damage: (content) => content.replace('model="acme/hostile-chat"', 'model="acme/hostile-chat:hf-inference"'),
    expect: "HFValidationError",
  },
  {
    name: "huggingface_hub dropping bill_to",
    base: () => plainCase("text-classification", "huggingface_hub", { billTo: "acme-org" }),
    damage: (content) => content.replace(/,?\s*bill_to="acme-org"/, ""),
    expect: "x-hf-bill-to",
  },
  {
    name: "openai calling a method the package does not have",
    base: () => plainCase("chat", "openai"),
    damage: (content) => content.replace("client.chat.completions.create(", "client.chat.completion.create("),
    expect: "AttributeError",
  },
  {
    name: "huggingface_hub saving the image under another name",
    base: () => plainCase("image-to-image", "huggingface_hub"),
    damage: (content) => content.replace('output.save("output.png")', 'output.save("output.jpg")'),
    expect: "did not write output.png",
  },
];

function damaged(canary: Canary): Case {
  const base = canary.base();
  const content = canary.damage(base.snippet.content);
  if (content === base.snippet.content) throw new Error(`the damage of "${canary.name}" did not change the snippet`);
  return { ...base, snippet: { ...base.snippet, content } };
}

let pool: RecorderPool | undefined;
let hfHome = "";

describe.skipIf(!available)("Python SDK snippets on the real packages: hostile text and canaries", () => {
  let hostileOutcomes: PoolOutcome[] = [];
  let canaryOutcomes: PoolOutcome[] = [];
  const canaryCases = canaries.map(damaged);

  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(WORKERS);
    const outcomes = await pool.runAll([...hostileCases, ...canaryCases].map((c) => pythonSdkJob(c, hfHome)));
    hostileOutcomes = outcomes.slice(0, hostileCases.length);
    canaryOutcomes = outcomes.slice(hostileCases.length);
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
    console.log(`executed ${hostileCases.length} hostile Python SDK cases and ${canaryCases.length} canaries on the real packages`);
  });

  it("has a hostile case for every client and text", () => {
    expect(hostileCases.filter((c) => c.client === "openai").length).toBe(hostileStrings.length + hostileOptionValues.length);
    expect(hostileCases.length).toBeGreaterThan(hostileRecords.length * hostileStrings.length);
  });

  hostileCases.forEach((c, index) => {
    it(`carries ${c.label} as data`, () => {
      const problems = hostileProblems(c, hostileOutcomes[index]);
      expect(problems, report(c, hostileOutcomes[index], problems)).toEqual([]);
    });
  });

  canaries.forEach((canary, index) => {
    it(`catches ${canary.name}`, () => {
      const c = canaryCases[index] as Case;
      const problems = problemsOf(c, canaryOutcomes[index]);
      expect(problems.join("\n")).toContain(canary.expect);
    });
  });
});
