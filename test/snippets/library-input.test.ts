import { describe, expect, it } from "vitest";
import { getInferenceSnippets, type ModelRecord } from "../../src/index.js";

// A record read from a file is JSON (parseModelRecord checks it); a caller of the library can hand over any
// JavaScript value. Widget values that are not JSON data are ignored, as malformed widget entries are: the
// snippet falls back to the task's default example instead of crashing or writing nonsense.
function chatModel(messages: unknown): ModelRecord {
  return { id: "acme/chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ messages }] } as ModelRecord;
}

function tabularModel(structuredData: unknown): ModelRecord {
  return { id: "acme/tabular", pipeline_tag: "tabular-classification", tags: [], widgetData: [{ structuredData }] } as ModelRecord;
}

const requestsSnippet = (model: ModelRecord) => getInferenceSnippets(model, { language: "python", client: "requests" })[0]?.content ?? "";

function deeplyNested(levels: number): unknown {
  let value: unknown = "bottom";
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

describe("widget values from library callers", () => {
  const cyclic: Record<string, unknown> = { role: "user" };
  cyclic.content = cyclic;

  it.each([
    ["a cycle", [cyclic]],
    ["NaN", [{ role: "user", content: Number.NaN }]],
    ["undefined inside an array", [undefined]],
    ["a function", [{ role: "user", content: () => "x" }]],
    ["a Date", [{ role: "user", content: new Date(0) }]],
    ["a Map", [new Map([["role", "user"]])]],
    ["10,000 levels of nesting", [{ role: "user", content: deeplyNested(10_000) }]],
  ])("chat messages holding %s fall back to the default example", (_, messages) => {
    expect(requestsSnippet(chatModel(messages))).toContain('"content": "What is the capital of France?"');
  });

  it("uses messages that are JSON data", () => {
    expect(requestsSnippet(chatModel([{ role: "user", content: "Bonjour ?" }]))).toContain('"content": "Bonjour ?"');
  });

  it("tabular data with Infinity or a class instance falls back; plain data is used", () => {
    expect(requestsSnippet(tabularModel({ rooms: [Number.POSITIVE_INFINITY] }))).toContain('"rooms": ["3", "5"]');
    expect(requestsSnippet(tabularModel(new (class Row {})()))).toContain('"rooms": ["3", "5"]');
    expect(requestsSnippet(tabularModel({ floors: ["2"] }))).toContain('"floors": ["2"]');
  });
});
