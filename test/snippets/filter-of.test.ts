import { describe, expect, it } from "vitest";
import { readModelRecord } from "../../src/model/read.js";
import type { ModelChoices } from "../../src/model-answer/answer.js";
import { filterOf } from "../../src/model-answer/filter.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";

/*
 * The kind a set of options asks for is read in one place (filterOf, src/model-answer/filter.ts), for the CLI and
 * getModelSnippets alike: the kind named, else `app` for an app, else `inference` for any choice only a call reads.
 */

const qwen = readModelRecord("examples/qwen2.5-7b-instruct.json");

/** Each choice only an inference call reads, with a value the CLI would pass for it. */
const inferenceOnly: Partial<ModelChoices>[] = [
  { provider: "together" },
  { direct: true },
  { stream: true },
  { billTo: "acme" },
  { endpointUrl: "http://127.0.0.1:8080" },
  { token: "hf_x" },
  { policy: "fastest" },
  { jsonSchema: { schema: { type: "object" } } },
  { tools: [] },
];

describe("filterOf", () => {
  it.each(inferenceOnly)("reads %o as asking for inference snippets alone", (choice) => {
    expect(filterOf(choice).kind).toBe("inference");
  });

  it("asks for every kind when no choice implies one, a switch left off included", () => {
    expect(filterOf({}).kind).toBeUndefined();
    expect(filterOf({ stream: false, direct: false, memory: "16GB", language: "python", client: "requests" }).kind).toBeUndefined();
  });

  it("lets the kind named, then an app, win over an inference choice", () => {
    expect(filterOf({ kind: "library", provider: "together" }).kind).toBe("library");
    expect(filterOf({ app: "vllm", stream: true }).kind).toBe("app");
  });

  it("keeps the filter's own fields as given", () => {
    expect(filterOf({ language: "sh", client: "curl", app: "vllm", allApps: true })).toEqual({
      language: "sh",
      client: "curl",
      kind: "app",
      app: "vllm",
      allApps: true,
    });
  });

  it("makes getModelSnippets answer a provider with inference snippets alone, as `snippet --provider` does", () => {
    const answer = getModelSnippets(qwen, { provider: "together" });
    expect(answer.snippets.length).toBeGreaterThan(0);
    expect(new Set(answer.snippets.map((snippet) => snippet.kind))).toEqual(new Set(["inference"]));
    expect(new Set(getModelSnippets(qwen).snippets.map((snippet) => snippet.kind)).size).toBeGreaterThan(1);
  });
});
