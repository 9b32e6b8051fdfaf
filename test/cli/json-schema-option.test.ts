import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { expectNoMatchError, expectUsageError, scratchFile } from "../helpers/snippet-cli.js";

/* `snippet --json-schema <file>`: the schema enters the code as data; bad files and calls it cannot make exit 2. */

const llama = "example:llama-3.1-8b-instruct";
const schema = '{"type": "object", "properties": {"title": {"type": "string"}}, "required": ["title"]}';

describe("hub-snippets snippet --json-schema", () => {
  it("writes response_format with the file's schema, named after the file, and parses the answer", () => {
    const file = scratchFile("paper analysis.json", schema);
    const { stdout, stderr, code } = runCli(["snippet", llama, "--json-schema", file, "--lang", "python", "--client", "openai"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('"name": "paper_analysis"');
    expect(stdout).toContain('"required": ["title"]');
    expect(stdout).toContain("answer = json.loads(completion.choices[0].message.content)");
    // The record's first live provider that takes a schema is named, and the note says why.
    expect(stdout).toContain('model="meta-llama/Llama-3.1-8B-Instruct:cerebras"');
    expect(stderr).toContain("the code names cerebras, the first of its live providers known to take a JSON schema");
  });

  it("keeps hostile text as data in every language", () => {
    const file = scratchFile("hostile.json", String.raw`{"type": "object", "description": "'; rm -rf / #\" \\ $(id) ${"`"}id${"`"} \u0007 {% raw %}"}`);
    const { stdout, code } = runCli(["snippet", llama, "--json-schema", file, "--json"]);
    expect(code).toBe(0);
    const items = JSON.parse(stdout) as { client: string; content: string }[];
    expect(items).toHaveLength(7);
    for (const item of items) expect(item.content, item.client).not.toContain("\u0007");
    // curl's body is JSON, where the control character is an escape inside one quoted word.
    expect(items.find((item) => item.client === "curl")?.content).toContain("\\u0007");
  });

  const badFiles: [string, string | Uint8Array, string][] = [
    ["invalid JSON", '{"type": "object",', "invalid JSON"],
    ["an array", "[1, 2]", "the schema must be a JSON object"],
    ["a NUL in a string", '{"description": "a\\u0000b"}', "NUL or a lone surrogate at $.description"],
    ["a lone surrogate", '{"d": "\\ud800"}', "NUL or a lone surrogate at $.d"],
    ["nesting past 64 levels", `${'{"a":'.repeat(80)}1${"}".repeat(80)}`, "the schema must be a JSON object (nested at most 64 levels)"],
    ["a huge file", `{"description": "${"x".repeat(1024 * 1024)}"}`, "too large for a JSON schema"],
  ];
  for (const [what, content, message] of badFiles) {
    it(`refuses ${what} (exit 2, one line)`, () => {
      expectUsageError(runCli(["snippet", llama, "--json-schema", scratchFile("bad.json", content)]), message);
    });
  }

  it("refuses a missing file", () => {
    expectUsageError(runCli(["snippet", llama, "--json-schema", "no-such-schema.json"]), "--json-schema no-such-schema.json: no such file");
  });

  it("refuses calls it cannot make, with the reason", () => {
    const file = scratchFile("schema.json", schema);
    expectNoMatchError(
      runCli(["snippet", llama, "--json-schema", file, "--provider", "together"]),
      "together: its page describes",
      "providers that take a schema: cerebras",
    );
    expectNoMatchError(
      runCli(["snippet", llama, "--json-schema", file, "--provider", "featherless-ai"]),
      "featherless-ai: no page read says it takes a JSON schema",
    );
    expectUsageError(runCli(["snippet", llama, "--json-schema", file, "--stream"]), "drop --stream");
    expectUsageError(runCli(["snippet", llama, "--json-schema", file, "--endpoint-url", "https://example.com"]), "--json-schema");
    expectUsageError(runCli(["snippet", llama, "--json-schema", file, "--policy", "cheapest"]), "drop --policy");
    expectNoMatchError(runCli(["snippet", "example:flux.1-dev", "--json-schema", file]), "chat completions only");
    expectNoMatchError(
      runCli(["snippet", "--id", "acme/chat", "--task", "text-generation", "--tag", "conversational", "--json-schema", file]),
      "no live chat provider",
    );
    expectUsageError(runCli(["snippet", llama, "--json-schema", file, "--library"]), "--json-schema is an inference option");
  });

  it("is in --help", () => {
    expect(runCli(["snippet", "--help"]).stdout).toContain("--json-schema <file>");
  });
});
