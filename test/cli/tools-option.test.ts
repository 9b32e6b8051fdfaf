import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { expectNoMatchError, expectUsageError, scratchFile } from "../helpers/snippet-cli.js";

/* `snippet --tools <file>`: tool definitions as data, the loop that reads the tool calls, and the refusals (exit 2). */

const llama = "example:llama-3.1-8b-instruct";
const tools = '[{"type": "function", "function": {"name": "get_weather", "parameters": {"type": "object", "properties": {"location": {"type": "string"}}}}}]';

describe("hub-snippets snippet --tools", () => {
  it("offers the tools and reads the tool calls of the answer", () => {
    const { stdout, stderr, code } = runCli(["snippet", llama, "--tools", scratchFile("tools.json", tools), "--lang", "js", "--client", "openai"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain('name: "get_weather"');
    expect(stdout).toContain("for (const call of message.tool_calls ?? []) {");
    expect(stdout).toContain("JSON.parse(call.function.arguments)");
    expect(stdout).toContain('model: "meta-llama/Llama-3.1-8B-Instruct:novita"');
    expect(stderr).toContain("the code names novita, the first of its live providers known to take tools");
  });

  const badFiles: [string, string, string][] = [
    ["invalid JSON", "[{", "invalid JSON"],
    ["an object", '{"type": "function"}', "a JSON array of 1 to 128 tool definitions"],
    ["an empty array", "[]", "a JSON array of 1 to 128 tool definitions"],
    ["a tool that is not a function", '[{"type": "retrieval"}]', '$[0] is not {"type": "function"'],
    ["a bad name", '[{"type": "function", "function": {"name": "a b; rm"}}]', "$[0].function.name must be 1 to 64"],
    ["a name given twice", '[{"type": "function", "function": {"name": "a"}}, {"type": "function", "function": {"name": "a"}}]', "given twice"],
    ["parameters that are not a schema", '[{"type": "function", "function": {"name": "a", "parameters": [1]}}]', "parameters must be a JSON schema object"],
    ["a NUL", '[{"type": "function", "function": {"name": "a", "description": "\\u0000"}}]', "a NUL or a lone surrogate at $[0].function.description"],
  ];
  for (const [what, content, message] of badFiles) {
    it(`refuses ${what} (exit 2, one line)`, () => {
      expectUsageError(runCli(["snippet", llama, "--tools", scratchFile("bad-tools.json", content)]), message);
    });
  }

  it("refuses calls it cannot make, with the reason", () => {
    const file = scratchFile("tools.json", tools);
    expectNoMatchError(
      runCli(["snippet", llama, "--tools", file, "--provider", "cerebras"]),
      "cerebras: no page read says it takes tools",
      "providers that take tools: novita",
    );
    expectUsageError(runCli(["snippet", llama, "--tools", file, "--json-schema", scratchFile("s.json", "{}")]), "give either --json-schema or --tools");
    expectUsageError(runCli(["snippet", llama, "--tools", file, "--stream"]), "drop --stream");
    expectNoMatchError(runCli(["snippet", "example:flux.1-dev", "--tools", file]), "chat completions only");
    expectUsageError(runCli(["snippet", llama, "--tools", file, "--app", "vllm"]), "--tools is an inference option");
  });

  it("reaches the notebook too", () => {
    const { stdout, code } = runCli(["snippet", llama, "--tools", scratchFile("tools.json", tools), "--notebook"]);
    expect(code).toBe(0);
    const cells = (JSON.parse(stdout) as { cells: { cell_type: string; source: string[] }[] }).cells.map((cell) => cell.source.join(""));
    expect(cells.filter((cell) => cell.includes("for call in message")).length).toBeGreaterThanOrEqual(2);
  });

  it("is in --help", () => {
    expect(runCli(["snippet", "--help"]).stdout).toContain("--tools <file>");
  });
});
