import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { buildInferenceRequest, router, type InferenceRequest } from "../../src/snippets/inference/request.js";
import { outputFileOf } from "../../src/snippets/inference/body.js";
import { sampleFiles } from "../../src/snippets/inference/examples.js";
import { recordFor, snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { removeSnippetDirs, runSnippet } from "../helpers/run-snippet.js";

// huggingface_hub and openai cannot be installed here (no PyPI): recording fakes of both stand on PYTHONPATH.
const fakes = fileURLToPath(new URL("../fakes/python", import.meta.url));
const entries = snippetCorpus().filter((entry) => entry.snippet.language === "python" && entry.snippet.client !== "requests");
afterAll(() => removeSnippetDirs());

interface Call {
  call: string;
  args: unknown[];
  kwargs: Record<string, unknown>;
}

function expectedToken(entry: CorpusEntry): string {
  return entry.options.token ?? (entry.options.endpointUrl ? "api_test_token" : "hf_test_token");
}

/** The arguments each task method must receive, said independently of the generator. */
function expectedArguments(request: InferenceRequest): { args: unknown[]; kwargs: Record<string, unknown> } {
  const example = request.example;
  const model = request.endpointUrl ? {} : { model: request.modelId };
  const file = "file" in example ? sampleFiles[example.file].name : "";
  switch (example.shape) {
    case "text":
      return { args: [example.text], kwargs: model };
    case "question":
      return { args: [], kwargs: { question: example.question, context: example.context, ...model } };
    case "labels":
      return { args: [example.text], kwargs: { candidate_labels: example.candidateLabels, ...model } };
    case "sentences":
      return { args: [example.sourceSentence], kwargs: { other_sentences: example.sentences, ...model } };
    case "table":
      return { args: [], kwargs: { table: example.table, query: example.query, ...model } };
    case "tabular":
      return { args: [], kwargs: { table: example.data, ...model } };
    case "file":
      return { args: [file], kwargs: model };
    case "file-question":
      return { args: [file], kwargs: { question: example.question, ...model } };
    case "file-labels":
      return { args: [file], kwargs: { candidate_labels: example.candidateLabels, ...model } };
    case "file-prompt":
      return { args: [file], kwargs: { prompt: example.prompt, ...model } };
    case "chat":
      return { args: [], kwargs: { model: request.chatModel, messages: example.messages, ...(request.stream ? { stream: true } : {}) } };
  }
}

describe("Python SDK snippets (huggingface_hub, openai) run against recording fakes", () => {
  it(
    "construct the client with the intended token and options and call the intended method with the example",
    async () => {
      let executed = 0;
      for (const entry of entries) {
        const label = `${entry.kind} ${entry.optionSet} python/${entry.snippet.client}`;
        const calls = join(fakes, "..", `calls-${process.pid}.jsonl`);
        const run = await runSnippet(entry.snippet, {
          // Nothing is contacted: the fakes record calls. Keep the router URLs as written.
          origin: router,
          env: { PYTHONPATH: fakes, HUB_SNIPPETS_CALLS: calls, API_TOKEN: "api_test_token" },
        });
        expect(run.code, `${label}: ${run.stderr}`).toBe(0);
        const log = readFileSync(calls, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Call);
        rmSync(calls);
        const request = buildInferenceRequest(recordFor(entry.kind), entry.options)!;
        const [client, call] = log;
        expect(log, label).toHaveLength(2);

        if (entry.snippet.client === "openai") {
          expect(client?.call, label).toBe("OpenAI");
          expect(client?.kwargs.base_url, label).toBe(entry.options.endpointUrl ? `${entry.options.endpointUrl}/v1` : `${router}/v1`);
          expect(call?.call, label).toBe("OpenAI.chat.completions.create");
        } else {
          expect(client?.call, label).toBe("InferenceClient");
          if (entry.options.endpointUrl) expect(client?.kwargs.base_url, label).toBe(entry.options.endpointUrl);
          else expect(client?.kwargs.provider, label).toBe(request.provider);
          expect(client?.kwargs.bill_to, label).toBe(entry.options.billTo);
          const method = request.spec.request === "chat" ? "InferenceClient.chat.completions.create" : `InferenceClient.${request.spec.pythonMethod}`;
          expect(call?.call, label).toBe(method);
        }
        expect(client?.kwargs.api_key, label).toBe(expectedToken(entry));
        if (entry.snippet.client === "openai" && entry.options.billTo) {
          expect(client?.kwargs.default_headers, label).toEqual({ "X-HF-Bill-To": entry.options.billTo });
        }
        const expected = expectedArguments(request);
        expect({ args: call?.args, kwargs: call?.kwargs }, label).toEqual(expected);

        const output = outputFileOf(request);
        if (output) expect(readFileSync(join(run.dir, output), "utf8"), label).toMatch(/^fake-(image|media)$/);
        else if (request.spec.request === "chat") expect(run.stdout, label).toBe("Hello world\n");
        executed += 1;
      }
      console.log(`executed ${executed} Python SDK snippets against recording fakes of huggingface_hub and openai`);
      expect(executed).toBe(entries.length);
    },
    300_000,
  );
});
