import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { runCli } from "../helpers/cli.js";

/*
 * Issue 42, A: what the record says of hosting. A card's `inference: false` opts the model out of hosted inference
 * (hf-inference is then never assumed for it); `disabled: true` is a model the Hub has disabled: nothing runs it.
 */

const file = (name: string) => fileURLToPath(new URL(`../fixtures/issue42/${name}.json`, import.meta.url));
const record = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(file(name), "utf8")));
const optedOut = "mistral-7b-instruct-v0.2-gptq-inference-false";

describe("a card with inference: false and no provider mapping", () => {
  it("gets no inference snippet, and one note that says its card opts out", () => {
    const answer = getModelSnippets(record(optedOut));
    expect(answer.snippets.filter((snippet) => snippet.kind === "inference")).toEqual([]);
    expect(answer.snippets.some((snippet) => snippet.kind === "library")).toBe(true);
    expect(answer.notes).toHaveLength(1);
    expect(answer.notes[0]).toContain("inference: false");
    expect(answer.notes.join("\n")).not.toContain("hf-inference is assumed");
    expect(answer.missing.inference).toContain("inference: false");
  });

  it("on the CLI: library and app code on stdout, the one-line note on stderr", () => {
    const result = runCli(["snippet", file(optedOut), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const kinds = new Set((JSON.parse(result.stdout) as { kind: string }[]).map((snippet) => snippet.kind));
    expect([...kinds]).toEqual(["library", "app"]);
    const lines = result.stderr
      .trim()
      .split("\n")
      .filter((line) => line.includes("inference"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/opts out of hosted inference/);
  });

  it.each(["hf-inference", "auto"])("--provider %s is still written, as asked, with a note that the card opts out", (provider) => {
    const answer = getModelSnippets(record(optedOut), { provider });
    expect(answer.snippets.some((snippet) => snippet.kind === "inference")).toBe(true);
    expect(answer.notes.join("\n")).toMatch(/opts out of hosted inference \(inference: false\)/);
  });

  it("keeps the live providers of a record that maps them: the mapping says who serves it", () => {
    const entry = { providerId: "TheBloke/Mistral-7B-Instruct-v0.2-GPTQ", status: "live", task: "conversational" };
    const answer = getModelSnippets({ ...record(optedOut), inferenceProviderMapping: { "featherless-ai": entry } });
    expect(answer.snippets.some((snippet) => snippet.kind === "inference")).toBe(true);
  });
});

describe("a disabled model", () => {
  it("gets no code: one clear reason for every kind", () => {
    const answer = getModelSnippets(record("disabled-sst2-classifier"));
    expect(answer.snippets).toEqual([]);
    expect(Object.keys(answer.missing).sort()).toEqual(["app", "inference", "library"]);
    for (const why of Object.values(answer.missing)) expect(why).toContain("disabled");
  });

  it("exits 1 on the CLI (a valid record, nothing runs it) with one line that says it is disabled", () => {
    const result = runCli(["snippet", file("disabled-sst2-classifier")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toContain("someone/disabled-sst2-classifier is disabled on the Hub");
    for (const args of [["--library"], ["--app", "vllm"], ["--lang", "python"]]) {
      const narrowed = runCli(["snippet", file("disabled-sst2-classifier"), ...args]);
      expect(narrowed.code, args.join(" ")).toBe(1);
      expect(narrowed.stderr, args.join(" ")).toContain("disabled on the Hub");
    }
  });
});
