import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * A deterministic budget of start-up (issue 64): the built-in modules a common command loads past Node's own start,
 * as the loader lists them at exit under HUB_SNIPPETS_DEBUG=1. Each costs every run its module start-up: one
 * `import { isatty } from "node:tty"` loaded node:net and the stream modules (~12M main-thread instructions, ~3 ms)
 * for every piped snippet. The loader itself needs node:vm; a command that needs more says why in this table.
 */

const cacheHome = mkdtempSync(join(tmpdir(), "hub-snippets-builtins-"));
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));
// A record that is not JSON: its error loads jsonc-parser's bundle to say where it breaks.
const truncated = join(cacheHome, "truncated.json");
writeFileSync(truncated, '{"id": "openai-community/gpt2", "pipeline_tag": ');

/** What the loader's exit line says the run loaded. */
function builtinsOf(args: string[], input = "", exitCode = 0): string[] {
  // XDG_CACHE_HOME: a Node.js without trained caches saves one there, without node:os to find the home folder.
  const result = runCli(args, { input, env: { HUB_SNIPPETS_DEBUG: "1", NODE_OPTIONS: "", XDG_CACHE_HOME: cacheHome } });
  expect(result.code, result.stderr).toBe(exitCode);
  const line = /^hub-snippets: built-in modules loaded: (.*)$/m.exec(result.stderr)?.[1];
  expect(line, `no built-in modules line in: ${result.stderr}`).toBeDefined();
  return line === "none" ? [] : (line ?? "").split(" ");
}

const commands: [string, string[]][] = [
  ["the piped snippet", ["snippet", "examples/llama-3.1-8b-instruct.json", "--lang", "python", "--client", "requests"]],
  ["a GGUF model's default answer", ["snippet", "examples/llama-3.2-3b-instruct-gguf.json"]],
  ["a mapped chat model's default answer", ["snippet", "examples/qwen2.5-7b-instruct.json"]],
  ["a library's loading code", ["snippet", "examples/flux.1-dev.json", "--library"]],
  ["an app's command", ["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "llama.cpp", "--memory", "16GB"]],
  ["tasks list --json", ["tasks", "list", "--json"]],
  ["task show", ["task", "show", "text-generation"]],
  ["libraries list --json", ["libraries", "list", "--json"]],
  ["quant parse", ["quant", "parse", "gpt-oss-20b-UD-Q4_K_XL.gguf"]],
  ["a dataset's default answer", ["dataset", "examples/datasets/imdb.json"]],
];

describe("the built-in modules a command loads", () => {
  it.each(commands)("%s loads node:vm only", (_name, args) => {
    expect(builtinsOf(args)).toEqual(["vm"]);
  });

  it("a record that is not JSON loads node:vm only, its error included", () => {
    expect(builtinsOf(["snippet", truncated], "", 2)).toEqual(["vm"]);
  });

  it("sees a module a command loads beyond them: reading a record from stdin asks node:tty whether it is a terminal", () => {
    const record = JSON.stringify({ id: "openai-community/gpt2", pipeline_tag: "text-generation", library_name: "transformers" });
    expect(builtinsOf(["snippet", "-", "--json"], record)).toEqual(expect.arrayContaining(["vm", "tty", "net"]));
  });
});
