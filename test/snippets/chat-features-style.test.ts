import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { policies } from "../../src/snippets/inference/policy.js";
import { getModelSnippets } from "../../src/snippets/model-snippets.js";
import { type ModelSnippetOptions } from "../../src/snippets/answer.js";
import { terminalControlsButLayout } from "../../src/values/terminal-controls.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";

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

const dir = mkdtempSync(join(tmpdir(), "chat-features-style-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const extension = { js: "mjs", python: "py", sh: "sh" } as const;
const written = variants.flatMap(([name, options]) =>
  getModelSnippets(record, { kind: "inference", ...options }).snippets.map((snippet) => {
    const file = join(dir, `${name}.${snippet.client}.${extension[snippet.language]}`);
    writeFileSync(file, `${snippet.content}\n`, "utf8");
    return { file, snippet };
  }),
);
const files = (language: "js" | "python" | "sh") => written.filter((item) => item.snippet.language === language).map((item) => item.file);

describe("the chat features' snippets parse and are formatter-clean", () => {
  it("every variant writes its seven chat clients", () => {
    expect(written).toHaveLength(variants.length * 7);
  });

  it("hold no raw control character", () => {
    for (const { file, snippet } of written) expect(snippet.content.replace(terminalControlsButLayout, ""), file).toBe(snippet.content);
  });

  it("JavaScript parses as an ES module and passes prettier --check", async () => {
    expect(jsModuleErrors(files("js"))).toEqual([]);
    const failures: string[] = [];
    for (const item of written.filter((entry) => entry.snippet.language === "js")) {
      const source = `${item.snippet.content}\n`;
      if ((await prettier.format(source, { parser: "babel" })) !== source) failures.push(item.file);
    }
    expect(failures).toEqual([]);
  });

  it("Python parses (ast)", () => {
    expect(pythonAstErrors(files("python"))).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", () => {
    expect(blackProblems(dir)).toEqual([]);
  });

  it("shell passes bash -n", () => {
    expect(bashSyntaxErrors(files("sh"))).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    // SC2016: the hostile text holds `$(…)` on purpose, which the single quotes keep as text (what the check proves).
    expect(shellcheckProblems(files("sh"), ["SC2016"])).toEqual([]);
  });
});
