import { refusal } from "../helpers/refusal.js";
import { describe, expect, it } from "vitest";
import { chatFeatureTable } from "../../src/catalogue/chat-features.js";
import { listProviders } from "../../src/catalogue/providers.js";
import { ExitCode } from "../../src/errors.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";

/* The library's `jsonSchema` option: the decision of where a structured-output call goes, and the schema as data. */

const record = (mapping: Record<string, unknown> | undefined, extra: Record<string, unknown> = {}): ModelRecord =>
  ModelRecordSchema.parse({
    id: "acme/chat",
    pipeline_tag: "text-generation",
    tags: ["conversational"],
    inferenceProviderMapping: mapping,
    ...extra,
  });
const live = (providerId: string) => ({
  status: "live",
  providerId,
  task: "conversational",
});
const schema = { type: "object", properties: { title: { type: "string" } } };

describe("data/structured-output.json and data/tool-calling.json", () => {
  it("names only chat providers of data/providers.json, each with where it was read", () => {
    const chat = new Set(listProviders({ task: "conversational" }).map((provider) => provider.id));
    for (const feature of ["structured-output", "tool-calling"] as const) {
      const table = chatFeatureTable(feature);
      expect(table.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const row of table.providers) {
        expect(chat.has(row.id), row.id).toBe(true);
        expect(row.source.length, row.id).toBeGreaterThan(10);
        if (!row.supported) expect(row.why, row.id).toBeDefined();
      }
      expect(new Set(table.providers.map((row) => row.id)).size).toBe(table.providers.length);
    }
  });
});

describe("the jsonSchema option", () => {
  it("lets the router choose when every live provider takes a schema, and sends it as data", () => {
    const answer = getModelSnippets(record({ cerebras: live("c"), groq: live("g") }), {
      kind: "inference",
      jsonSchema: { schema, name: "paper", strict: true },
    });
    expect(answer.inference?.provider).toBe("auto");
    expect(answer.notes).toEqual([]);
    const curl = answer.snippets.find((snippet) => snippet.client === "curl")?.content ?? "";
    expect(curl).toContain(
      '"response_format": {"type": "json_schema", "json_schema": {"name": "paper", "schema": {"type": "object", "properties": {"title": {"type": "string"}}}, "strict": true}}',
    );
  });

  it("names the first live provider that takes one when the router could choose another", () => {
    const answer = getModelSnippets(record({ together: live("t"), groq: live("g"), cerebras: live("c") }), { kind: "inference", jsonSchema: { schema } });
    expect(answer.inference?.provider).toBe("groq");
    expect(answer.notes.join("\n")).toContain("the code names groq");
    expect(answer.snippets.find((snippet) => snippet.client === "curl")?.content).toContain('"name": "response"');
  });

  it("works through getInferenceSnippets too", () => {
    const [python] = getInferenceSnippets(record({ together: live("t"), cerebras: live("c") }), {
      jsonSchema: { schema },
      language: "python",
      client: "requests",
    });
    expect(python?.content).toContain('"model": "acme/chat:cerebras"');
    expect(python?.content).toContain("json.loads(");
  });

  it("keeps a `__proto__` key of the schema as data", () => {
    const hostile = JSON.parse('{"properties": {"__proto__": {"type": "string"}}}') as unknown;
    const answer = getModelSnippets(record({ cerebras: live("c") }), {
      kind: "inference",
      jsonSchema: { schema: hostile },
    });
    for (const snippet of answer.snippets) expect(snippet.content, snippet.client).toContain("__proto__");
  });

  const refusals: [string, () => unknown, RegExp][] = [
    [
      "a schema that is not JSON data",
      () =>
        getModelSnippets(record({ cerebras: live("c") }), {
          jsonSchema: { schema: { f: () => 1 } },
        }),
      /must be a JSON object/,
    ],
    [
      "a cyclic schema",
      () => {
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        return getModelSnippets(record({ cerebras: live("c") }), {
          jsonSchema: { schema: cyclic },
        });
      },
      /must be a JSON object/,
    ],
    [
      "a bad name",
      () =>
        getModelSnippets(record({ cerebras: live("c") }), {
          jsonSchema: { schema, name: "a b" },
        }),
      /name must be 1 to 64/,
    ],
    [
      "a provider that takes none",
      () =>
        getModelSnippets(record({ cerebras: live("c") }), {
          provider: "together",
          jsonSchema: { schema },
        }),
      /together: its page describes/,
    ],
    [
      "only providers that take none",
      () => getModelSnippets(record({ together: live("t"), deepinfra: live("d") }), { jsonSchema: { schema } }),
      /none of acme\/chat's live providers/,
    ],
    ["no mapping", () => getModelSnippets(record(undefined), { jsonSchema: { schema } }), /no live chat provider/],
    ["the library's default provider", () => getInferenceSnippets(record(undefined), { jsonSchema: { schema } }), /no live chat provider/],
  ];
  // A schema that is no schema is bad input (exit 2); a call no provider of the record can take it for has nothing for
  // the option (exit 1), as --provider has for a provider that does not serve the task.
  const nothingFor = new Set(["a provider that takes none", "only providers that take none", "no mapping", "the library's default provider"]);
  for (const [what, call, message] of refusals) {
    const code = nothingFor.has(what) ? ExitCode.noMatch : ExitCode.usage;
    it(`refuses ${what} (exit ${code})`, () => {
      const error = refusal(call);
      expect(error.exitCode).toBe(code);
      expect(error.message).toMatch(message);
    });
  }
});
