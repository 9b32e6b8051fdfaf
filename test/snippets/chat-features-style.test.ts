import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { policies } from "../../src/inference/policy.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { type ModelSnippetOptions } from "../../src/model-answer/answer.js";
import { terminalControlsButLayout } from "../../src/values/terminal-controls.js";
import { formatterChecks, writeSnippetFiles } from "../helpers/formatter-checks.js";

/*
 * The snippets of --policy, --json-schema and --tools (hostile text in the schema and the tools) parse, are
 * formatter-clean as the corpus's are (syntax-and-style.test.ts), and hold no raw control character.
 */

const record = ModelRecordSchema.parse({
  id: "acme/chat-features",
  pipeline_tag: "text-generation",
  tags: ["conversational"],
  inferenceProviderMapping: {
    novita: { status: "live", providerId: "n/chat", task: "conversational" },
    cerebras: { status: "live", providerId: "c-chat", task: "conversational" },
  },
});
const hostile = 'it\'s "quoted" \\ $(touch pwned) `id` \u001b[31m \u0007 {{ x }} {% raw %} é \u2028';
const variants: [string, ModelSnippetOptions][] = [
  ...policies.map((policy): [string, ModelSnippetOptions] => [`policy-${policy}`, { policy }]),
  ["policy-stream", { policy: "fastest", stream: true }],
  [
    "json-schema",
    { jsonSchema: { schema: { type: "object", description: hostile, properties: { [hostile]: { type: "string" } } }, name: "paper", strict: true } },
  ],
  [
    "tools",
    {
      tools: [
        {
          type: "function",
          function: {
            name: "get_weather",
            description: hostile,
            parameters: { type: "object", properties: { location: { type: "string", description: hostile } } },
          },
        },
      ],
    },
  ],
];

const written = writeSnippetFiles(
  "chat-features-style",
  variants.flatMap(([name, options]) =>
    getModelSnippets(record, { kind: "inference", ...options }).snippets.map((snippet) => ({ name: `${name}.${snippet.client}`, snippet })),
  ),
);

describe("the chat features' snippets parse and are formatter-clean", () => {
  it("every variant writes its seven chat clients", () => {
    expect(written.files).toHaveLength(variants.length * 7);
  });

  it("hold no raw control character", () => {
    for (const { file, snippet } of written.files) expect(snippet.content.replace(terminalControlsButLayout, ""), file).toBe(snippet.content);
  });

  // SC2016: the hostile text holds `$(…)` on purpose, which the single quotes keep as text (what the check proves).
  formatterChecks(written, { shellcheckExclude: ["SC2016"] });
});
