import { describe, expect, it } from "vitest";
import { runCliBatch, type CliOutcome } from "../helpers/cli-batch.js";
import { expectOneDiagnosticLine } from "../helpers/snippet-cli.js";

/** Exit `code`, nothing on stdout, one diagnostic line holding every message. */
function expectOneLine(outcome: CliOutcome, code: number, ...messages: string[]): void {
  expect(outcome.code, outcome.stderr).toBe(code);
  expect(outcome.stdout).toBe("");
  expectOneDiagnosticLine(outcome.stderr, ...messages);
}

describe("typo hints name the command meant, in one style (issue 56, 10)", () => {
  const cases: [string[], string][] = [
    [["tasks", "lis"], "unknown command 'tasks lis'; did you mean hub-snippets tasks list?"],
    [["libraries", "lst"], "unknown command 'libraries lst'; did you mean hub-snippets libraries list?"],
    [["quant", "pars", "X.gguf"], "unknown command 'quant pars X.gguf'; did you mean hub-snippets quant parse X.gguf?"],
    [["task", "shw", "translation"], "unknown command 'task shw translation'; did you mean hub-snippets task show translation?"],
    [["snipet", "x.json"], "unknown command 'snipet'; did you mean hub-snippets snippet x.json?"],
    [["list"], "unknown command 'list'; did you mean hub-snippets tasks list"],
    [["model", "x.json"], "unknown command 'model'; did you mean hub-snippets snippet x.json"],
  ];
  it.each(cases)("%j", async (args, message) => {
    const [outcome] = await runCliBatch([{ args }]);
    expectOneLine(outcome!, 2, message);
    expect(outcome!.stderr).not.toContain("error:");
  });

  it("suggests every list command for a bare `list`", async () => {
    const [outcome] = await runCliBatch([{ args: ["list"] }]);
    for (const group of ["tasks", "libraries", "apps", "quant", "providers"]) expect(outcome!.stderr).toContain(`${group} list`);
  });
});

describe("a mistyped id exits 1 with the nearest ids, as the README says (issue 56, 11 and 12)", () => {
  const cases: [string[], string][] = [
    [["snippet", "example:llama-3.1-8b-instruct", "--app", "olama"], "did you mean ollama"],
    [["library", "show", "diffuser"], "did you mean diffusers"],
    [["snippet", "example:llama-3.1-8b-instruct", "--provider", "rplicate"], "did you mean replicate"],
    [["snippet", "example:llama-3.1-8b-instruct", "--client", "transformer"], "did you mean transformers"],
    [["dataset", "example:imdb", "--client", "panda"], "did you mean pandas"],
    [["snippet", "example:llama-3.1-8b-instruct", "--client", "hf"], "did you mean huggingface_hub"],
    [["snippet", "example:llama-3.1-8b-instruct", "--client", "hfjs"], "did you mean huggingface.js"],
  ];
  it.each(cases)("%j", async (args, message) => {
    const [outcome] = await runCliBatch([{ args }]);
    expectOneLine(outcome!, 1, message);
  });

  it("never suggests a client by spelling alone when the word names another by meaning", async () => {
    const [outcome] = await runCliBatch([{ args: ["snippet", "example:llama-3.1-8b-instruct", "--client", "hf"] }]);
    expect(outcome!.stderr).not.toMatch(/\bpi\b/);
  });
});

describe("help and documents read alike (issue 56, 18)", () => {
  it("the piped help with no argument is --help's, Examples included", async () => {
    const [bare, help] = await runCliBatch([{ args: [] }, { args: ["--help"] }]);
    expect(bare!.code).toBe(0);
    expect(bare!.stdout).toContain("Examples:");
    expect(bare!.stdout).toBe(help!.stdout);
  });

  it("library show opens with the label, the key a line of its section", async () => {
    const [outcome] = await runCliBatch([{ args: ["library", "show", "diffusers"] }]);
    const lines = outcome!.stdout.split("\n");
    expect(lines.slice(0, 4)).toEqual(["Diffusers", "", "Library:", "  key  diffusers"]);
  });
});
