import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { lineComment } from "../../src/code/install-line.js";
import { ansiPattern, runCli } from "../helpers/cli.js";
import {
  allExamples,
  bart,
  expectOneDiagnosticLine,
  expectNoMatchError,
  expectUsageError,
  flux,
  headers,
  hintOf,
  inferenceItems,
  label,
  librarySnippets,
  llama,
  modelSnippets,
  parseJsonSnippets,
  printed,
  qwen,
  runCurlSnippet,
  scratchFile,
  snippetOf,
  whisper,
  withoutHint,
} from "../helpers/snippet-cli.js";

describe("the example records", () => {
  it.each(allExamples)("%s passes the schema and yields snippets", (file) => {
    const json = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    expect(ModelRecordSchema.safeParse(json).success).toBe(true);
    expect(json).toHaveProperty("_id");
    expect(json).toHaveProperty("siblings");
    const { stdout, stderr, code } = runCli(["snippet", file, "--json"]);
    expect(code).toBe(0);
    expect(stderr).toBe(hintOf(file, "every kind"));
    expect(parseJsonSnippets(stdout)).toEqual(modelSnippets(file));
  });
});

describe("hub-snippets snippet: output", () => {
  it("prints exactly the chosen snippet and one newline with --lang and --client", () => {
    const expected = printed(snippetOf(librarySnippets(whisper), "python", "requests"));
    const { stdout, stderr, code } = runCli(["snippet", whisper, "--lang", "python", "--client", "requests"]);
    expect(code).toBe(0);
    expect(stderr).toBe(hintOf(whisper));
    expect(stdout).toBe(`${expected}\n`);
    expect(stdout).not.toMatch(ansiPattern);
  });

  it("writes no ANSI sequence when piped, even with FORCE_COLOR set", () => {
    const { stdout, code } = runCli(["snippet", llama], { env: { FORCE_COLOR: "1" } });
    expect(code).toBe(0);
    expect(stdout).not.toMatch(ansiPattern);
  });

  it("lists every snippet under a `# language/client` line, each kind under its `## ` heading, when piped", () => {
    const snippets = modelSnippets(whisper);
    const { stdout, stderr, code } = runCli(["snippet", whisper]);
    expect(code).toBe(0);
    expect(stderr).toBe(hintOf(whisper, "default answer"));
    expect(stdout).not.toMatch(ansiPattern);
    expect(headers(stdout)).toEqual(snippets.map(label));
    expect([...stdout.matchAll(/^## (.*)$/gm)].map((match) => match[1])).toEqual(["Inference", "Library: transformers"]);
    expect(stdout.indexOf("## Library: transformers")).toBeGreaterThan(stdout.indexOf("# sh/curl"));
    let from = 0;
    for (const snippet of snippets) {
      const at = stdout.indexOf(`${lineComment(snippet.language)} ${label(snippet)}\n${printed(snippet)}\n`, from);
      expect(at, label(snippet)).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
  });

  it("keeps only one language with --lang, and prints its one snippet alone, as a file that runs", () => {
    const { stdout, code } = runCli(["snippet", whisper, "--lang", "sh"]);
    expect(code).toBe(0);
    expect(headers(stdout)).toEqual([]);
    expect(stdout).toBe(`${printed(snippetOf(librarySnippets(whisper), "sh", "curl"))}\n`);
  });

  it("prints one JSON array of {kind, language, client, content} with --json, equal to the library's", () => {
    const { stdout, stderr, code } = runCli(["snippet", whisper, "--json"]);
    expect(code).toBe(0);
    expect(stderr).toBe(hintOf(whisper, "every kind"));
    expect(stdout.endsWith("\n")).toBe(true);
    const snippets = parseJsonSnippets(stdout);
    expect(snippets).toEqual(modelSnippets(whisper));
    expect(inferenceItems(snippets)).toEqual(librarySnippets(whisper));
    expect(new Set(snippets.map((snippet) => snippet.kind))).toEqual(new Set(["inference", "library"]));
  });

  it("filters --json output with --lang and --client", () => {
    const { stdout, code } = runCli(["snippet", llama, "--json", "--lang", "python", "--client", "openai"]);
    expect(code).toBe(0);
    expect(parseJsonSnippets(stdout).map(label)).toEqual(["python/openai"]);
  });

  it("gives chat models OpenAI-client snippets", () => {
    const { stdout, code } = runCli(["snippet", llama, "--json"]);
    expect(code).toBe(0);
    const labels = parseJsonSnippets(stdout).map(label);
    expect(labels).toContain("js/openai");
    expect(labels).toContain("python/openai");
    expect(snippetOf(parseJsonSnippets(stdout), "sh", "curl").content).toContain("https://router.huggingface.co/v1/chat/completions");
  });

  it("gives vision chat models OpenAI-client snippets with an image", () => {
    const { stdout, code } = runCli(["snippet", qwen, "--json"]);
    expect(code).toBe(0);
    const snippets = parseJsonSnippets(stdout);
    expect(snippets.map(label)).toEqual(expect.arrayContaining(["js/openai", "python/openai"]));
    expect(snippetOf(snippets, "python", "openai").content).toContain("image_url");
    expect(snippetOf(snippets, "sh", "curl").content).toContain('"Qwen/Qwen2.5-VL-7B-Instruct:hf-inference"');
  });

  it("gives no OpenAI-client snippet to a text-to-image model", () => {
    const { stdout, code } = runCli(["snippet", flux, "--json"]);
    expect(code).toBe(0);
    const snippets = parseJsonSnippets(stdout);
    expect(snippets.map((snippet) => snippet.client)).not.toContain("openai");
    expect(snippetOf(snippets, "sh", "curl").content).toContain("black-forest-labs/FLUX.1-dev");
  });

  it("sends the zero-shot model's widget text and labels in the curl JSON body", () => {
    const { stdout, code } = runCli(["snippet", bart, "--json"]);
    expect(code).toBe(0);
    const curl = snippetOf(parseJsonSnippets(stdout), "sh", "curl").content;
    const body = JSON.parse(runCurlSnippet(curl).data ?? "null") as { inputs: string; parameters: { candidate_labels: string[] } };
    expect(body.inputs).toMatch(/^Last week I upgraded my iOS version/);
    expect(body.parameters.candidate_labels).toEqual(["mobile", "website", "billing", "account access"]);
    expect(curl).not.toContain("refund");
  });
});

describe("hub-snippets snippet: model sources", () => {
  it("reads the record from stdin with -", () => {
    const { stdout, stderr, code } = runCli(["snippet", "-", "--lang", "sh", "--client", "curl"], { input: readFileSync(bart, "utf8") });
    expect(code).toBe(0);
    expect(stderr).toBe(hintOf(bart));
    expect(stdout).toBe(`${printed(snippetOf(librarySnippets(bart), "sh", "curl"))}\n`);
  });

  it("builds the record from --id and --task without a file", () => {
    const id = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";
    const { stdout, stderr, code } = runCli(["snippet", "--id", id, "--task", "text-classification", "--json"]);
    expect(code).toBe(0);
    const record = ModelRecordSchema.parse({ id, pipeline_tag: "text-classification" });
    expect(stderr).toBe(hintOf(record));
    const snippets = parseJsonSnippets(stdout);
    expect(snippets).toEqual(getInferenceSnippets(record).map((snippet) => ({ kind: "inference", ...snippet })));
    expect(snippetOf(snippets, "sh", "curl").content).toContain(`https://router.huggingface.co/hf-inference/models/${id}`);
  });

  it("turns a text-generation model into chat with --tag conversational", () => {
    const id = "meta-llama/Llama-3.1-8B-Instruct";
    const plain = runCli(["snippet", "--id", id, "--task", "text-generation", "--json"]);
    const chat = runCli(["snippet", "--id", id, "--task", "text-generation", "--tag", "conversational", "--json"]);
    expect(plain.code).toBe(0);
    expect(chat.code).toBe(0);
    expect(parseJsonSnippets(plain.stdout).map((snippet) => snippet.client)).not.toContain("openai");
    const snippets = parseJsonSnippets(chat.stdout);
    expect(snippets.map(label)).toEqual(expect.arrayContaining(["js/openai", "python/openai"]));
    expect(snippetOf(snippets, "sh", "curl").content).toContain("/v1/chat/completions");
  });
});

describe("hub-snippets snippet: request options", () => {
  it("--stream makes the chat snippets stream", () => {
    const plain = parseJsonSnippets(runCli(["snippet", llama, "--json"]).stdout);
    const streamed = parseJsonSnippets(runCli(["snippet", llama, "--json", "--stream"]).stdout);
    expect(snippetOf(plain, "python", "requests").content).not.toContain("stream=True");
    expect(snippetOf(streamed, "python", "requests").content).toContain("stream=True");
    expect(snippetOf(plain, "sh", "curl").content).not.toContain('"stream": true');
    expect(snippetOf(streamed, "sh", "curl").content).toContain('"stream": true');
    expect(streamed).toEqual(librarySnippets(llama, { stream: true }).map((snippet) => ({ kind: "inference", ...snippet })));
  });

  it("--bill-to adds the X-HF-Bill-To header", () => {
    const { stdout, code } = runCli(["snippet", llama, "--json", "--bill-to", "acme"]);
    expect(code).toBe(0);
    const snippets = parseJsonSnippets(stdout);
    for (const snippet of snippets) expect(snippet.content, label(snippet)).toContain("acme");
    expect(snippetOf(snippets, "python", "requests").content).toContain("X-HF-Bill-To");
    expect(runCurlSnippet(snippetOf(snippets, "sh", "curl").content).headers).toContain("X-HF-Bill-To: acme");
  });

  it("--endpoint-url makes curl call that endpoint with $API_TOKEN", () => {
    const chat = snippetOf(parseJsonSnippets(runCli(["snippet", llama, "--json", "--endpoint-url", "https://example.test"]).stdout), "sh", "curl");
    expect(chat.content).toContain("$API_TOKEN");
    expect(chat.content).not.toContain("router.huggingface.co");
    const call = runCurlSnippet(chat.content);
    expect(call.url).toBe("https://example.test/v1/chat/completions");
    expect(call.headers).toContain("Authorization: Bearer api_from_env");

    const { stdout, code } = runCli(["snippet", whisper, "--lang", "sh", "--client", "curl", "--endpoint-url", "https://example.test"]);
    expect(code).toBe(0);
    expect(stdout).toContain("'https://example.test'");
    expect(stdout).toContain("$API_TOKEN");
    expect(stdout).not.toContain("router.huggingface.co");
  });

  it("--token writes the token into every snippet and warns on stderr", () => {
    const { stdout, stderr, code } = runCli(["snippet", llama, "--json", "--token", "hf_abc"]);
    expect(code).toBe(0);
    const snippets = parseJsonSnippets(stdout);
    for (const snippet of snippets) {
      expect(snippet.content, label(snippet)).toContain("hf_abc");
      expect(snippet.content, label(snippet)).not.toContain("HF_TOKEN");
    }
    expectOneDiagnosticLine(withoutHint(stderr), /token/);
    expect(stdout).not.toContain("hub-snippets:");
  });

  it("--provider auto drops the :hf-inference suffix from the chat model", () => {
    const byDefault = snippetOf(parseJsonSnippets(runCli(["snippet", llama, "--json"]).stdout), "sh", "curl");
    expect(JSON.parse(runCurlSnippet(byDefault.content).data ?? "{}")).toMatchObject({ model: "meta-llama/Llama-3.1-8B-Instruct:hf-inference" });
    const { stdout, code } = runCli(["snippet", llama, "--json", "--provider", "auto"]);
    expect(code).toBe(0);
    const snippets = parseJsonSnippets(stdout);
    for (const snippet of snippets) expect(snippet.content, label(snippet)).not.toContain(":hf-inference");
    expect(JSON.parse(runCurlSnippet(snippetOf(snippets, "sh", "curl").content).data ?? "{}")).toMatchObject({
      model: "meta-llama/Llama-3.1-8B-Instruct",
    });
  });

  it("--provider with an unknown id exits 1, as any unknown id (the README's codes)", () => {
    expectNoMatchError(runCli(["snippet", llama, "--provider", "nope"]), "unknown provider 'nope'", "hf-inference");
  });

  it("--endpoint-url that is not http(s) exits 2", () => {
    expectUsageError(runCli(["snippet", llama, "--endpoint-url", "ftp://example.test"]), "--endpoint-url");
  });
});

describe("hub-snippets snippet: a vision-language model", () => {
  // The Hub serves image-text-to-text only as chat: the tag is not needed (it exited 1 with the no-example message).
  it("gets the vision chat snippets without the conversational tag", () => {
    const tagged = JSON.parse(readFileSync(qwen, "utf8")) as { tags: string[] };
    expect(tagged.tags).toContain("conversational");
    const file = scratchFile("vlm-untagged.json", JSON.stringify({ ...tagged, tags: tagged.tags.filter((tag) => tag !== "conversational") }));
    const { stdout, stderr, code } = runCli(["snippet", file, "--lang", "python", "--client", "openai"]);
    expect(stderr).toBe(hintOf(qwen));
    expect(code).toBe(0);
    expect(stdout).toBe(`${printed(snippetOf(librarySnippets(qwen), "python", "openai"))}\n`);
    expect(stdout).toContain('"image_url"');
  });
});

describe("hub-snippets snippet: nothing matches", () => {
  it("a record without pipeline_tag exits 1 with the no-example message", () => {
    const file = scratchFile("no-task.json", JSON.stringify({ id: "someone/mystery-model", tags: ["transformers"] }));
    const { stdout, stderr, code } = runCli(["snippet", file]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "No input example has been defined for this model task.", "someone/mystery-model", "lists no inference providers");
  });

  it("a task without snippets exits 1", () => {
    const { stdout, stderr, code } = runCli(["snippet", "--id", "a/b", "--task", "reinforcement-learning"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "No input example has been defined for this model task.");
  });

  it("a client without a snippet for the model exits 1 and lists the clients that have one", () => {
    const { stdout, stderr, code } = runCli(["snippet", whisper, "--lang", "js", "--client", "openai"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneDiagnosticLine(stderr, "js/openai");
    for (const snippet of librarySnippets(whisper)) expect(stderr).toContain(label(snippet));
  });
});
