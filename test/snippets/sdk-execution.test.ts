import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type InferenceRequest } from "../../src/inference/request.js";
import { outputFileOf } from "../../src/inference/body.js";
import { recordFor, snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { startRecorder, type RecordedRequest } from "../helpers/recorder.js";
import { removeSnippetDirs, runSnippet, sampleFiles } from "../helpers/run-snippet.js";
import { mappedProvider, mediaOutputOf, sdkResponder } from "../helpers/sdk-responder.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));
const jsSdkEntries = snippetCorpus().filter(
  (entry) => entry.snippet.language === "js" && (entry.snippet.client === "huggingface.js" || entry.snippet.client === "openai"),
);
afterAll(() => removeSnippetDirs());

function expectedAuthorization(entry: CorpusEntry): string {
  if (entry.options.token) return `Bearer ${entry.options.token}`;
  return entry.options.endpointUrl ? "Bearer api_test_token" : "Bearer hf_test_token";
}

function parsedBody(request: RecordedRequest): unknown {
  try {
    return JSON.parse(request.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

/** The request body carries the example: text as is, files byte for byte (raw or base64), chat messages. */
function expectExampleSent(request: InferenceRequest, sent: RecordedRequest): void {
  const example = request.example;
  const body = parsedBody(sent) as Record<string, unknown> | undefined;
  const text = JSON.stringify(body);
  if ("file" in example) {
    const sample = sampleFiles[example.file === "audio" ? "sample.flac" : "image.jpg"]!;
    const raw = sent.body.equals(sample);
    expect(raw || text.includes(sample.toString("base64")), "the sample file reaches the server").toBe(true);
  }
  switch (example.shape) {
    case "text":
      expect(text).toContain(JSON.stringify(example.text));
      break;
    case "chat":
      expect(body?.messages).toEqual(example.messages);
      break;
    case "question":
      expect(text).toContain(JSON.stringify(example.question));
      expect(text).toContain(JSON.stringify(example.context));
      break;
    case "labels":
    case "file-labels":
      expect(text).toContain(JSON.stringify(example.candidateLabels));
      break;
    case "file-prompt":
      expect(text).toContain(JSON.stringify(example.prompt));
      break;
    default:
      break;
  }
}

/** Kinds only the JavaScript SDK can call: huggingface_hub, whose snippets python-sdk.test.ts runs, cannot. */
const jsOnlyKinds: Record<string, string> = {
  "image-text-to-image": "huggingface_hub has no method for it",
  "image-text-to-video": "huggingface_hub has no method for it",
  "text-to-audio": "huggingface_hub has no method for it",
  "tabular-regression": "huggingface_hub has no hf-inference route for it",
};

describe("the JavaScript and Python SDK snippets cover the same calls", () => {
  const corpus = snippetCorpus();
  const calls = (language: string, client: string) =>
    new Set(
      corpus.filter((entry) => entry.snippet.language === language && entry.snippet.client === client).map((entry) => `${entry.kind} [${entry.optionSet}]`),
    );

  it("openai: every kind and option set in both languages", () => {
    expect(calls("js", "openai")).toEqual(calls("python", "openai"));
    expect(calls("js", "openai").size).toBeGreaterThan(0);
  });

  it("huggingface.js: every call of huggingface_hub, and more only where the Python package lacks it", () => {
    const js = calls("js", "huggingface.js");
    const python = calls("python", "huggingface_hub");
    expect([...python].filter((call) => !js.has(call))).toEqual([]);
    const onlyJs = new Set([...js].filter((call) => !python.has(call)).map((call) => call.split(" ")[0]));
    expect(onlyJs).toEqual(new Set(Object.keys(jsOnlyKinds)));
  });
});

describe("JavaScript SDK snippets (@huggingface/inference, openai) run against 127.0.0.1", () => {
  it("make the intended call with the intended token, headers and inputs", async () => {
    let executed = 0;
    const failures: string[] = [];
    const queue = [...jsSdkEntries];
    const worker = async () => {
      for (let entry = queue.shift(); entry; entry = queue.shift()) {
        const recorder = await startRecorder(sdkResponder(entry.kind, "js"));
        try {
          // The text runs unchanged: the preload sends every request the SDK makes to the recorder.
          const run = await runSnippet(entry.snippet, {
            nodeArgs: ["--import", preload],
            env: { HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, API_TOKEN: "api_test_token" },
          });
          const label = `${entry.kind} ${entry.optionSet} js/${entry.snippet.client}`;
          if (run.code !== 0) {
            failures.push(`${label}: exit ${run.code}: ${run.stderr.slice(0, 300)}`);
            continue;
          }
          const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
          const sent = recorder.requests.find((item) => item.method === "POST");
          expect(sent, label).toBeDefined();
          expect(sent!.headers.authorization, label).toBe(expectedAuthorization(entry));
          expect(sent!.headers["x-hf-bill-to"], label).toBe(entry.options.billTo);
          // The preload keeps the original host in the path.
          const path = sent!.path.replace(/^\/__host\/router\.huggingface\.co/, "");
          if (entry.options.endpointUrl) expect(path, label).toMatch(/^\/endpoint/);
          else if (entry.snippet.client === "openai") expect(path, label).toBe("/v1/chat/completions");
          else if (request.provider === "hf-inference") expect(path, label).toContain(`/hf-inference/models/${request.modelId}`);
          else if (request.spec.request !== "chat") expect(path, label).toContain(`/${mappedProvider(entry.kind)}/`);
          expectExampleSent(request, sent!);
          const output = outputFileOf(request);
          if (output) expect(readFileSync(join(run.dir, output)), label).toEqual(mediaOutputOf(entry.kind));
          else if (request.spec.request === "chat") expect(run.stdout, label).toContain("Hello world");
          executed += 1;
        } finally {
          await recorder.close();
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(failures).toEqual([]);
    expect(existsSync(preload)).toBe(true);
    console.log(`executed ${executed} JavaScript SDK snippets (@huggingface/inference and openai) against 127.0.0.1`);
    expect(executed).toBe(jsSdkEntries.length);
  }, 300_000);
});
