import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCliBatch } from "../helpers/cli-batch.js";
import { expectOneDiagnosticLine, scratchFile } from "../helpers/snippet-cli.js";

const flux = readFileSync(new URL("../../examples/flux.1-dev.json", import.meta.url), "utf8");

describe("a truncated record is said to end early (issue 56, 16)", () => {
  it("names a file cut inside a string, and one cut between values, as ending early, with the command that fetches it", async () => {
    const insideString = scratchFile("cut-in-string.json", flux.slice(0, flux.indexOf('"', flux.indexOf("pipeline_tag") + 20) + 3));
    const betweenValues = scratchFile("cut-after-comma.json", '{"id": "acme/model",');
    const outcomes = await runCliBatch([
      { args: ["snippet", insideString] },
      { args: ["snippet", betweenValues] },
      { args: ["snippet", "-"], input: flux.slice(0, 300) },
    ]);
    for (const outcome of outcomes) {
      expect(outcome.code, outcome.stderr).toBe(2);
      expect(outcome.stdout).toBe("");
      expectOneDiagnosticLine(outcome.stderr, "ends early", "interrupted download", "curl -sg 'https://huggingface.co/api/models/<id>");
      expect(outcome.stderr).not.toContain("invalid JSON");
    }
    expect(outcomes[2]!.stderr).toContain("<stdin>: the input ends early");
  });

  it("still calls a syntax error in the middle invalid JSON", async () => {
    const [outcome] = await runCliBatch([{ args: ["snippet", scratchFile("missing-comma.json", '{"id": "acme/model" "tags": []}')] }]);
    expect(outcome!.code).toBe(2);
    expectOneDiagnosticLine(outcome!.stderr, "invalid JSON at line 1");
    expect(outcome!.stderr).not.toContain("ends early");
  });
});

describe("--memory and dataset --id say what was given (issue 56, 20)", () => {
  it("suggests megabytes for a big bare --memory, gigabytes for a small one", async () => {
    const [big, small] = await runCliBatch([
      { args: ["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "llama.cpp", "--memory", "8192"] },
      { args: ["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "llama.cpp", "--memory", "16"] },
    ]);
    expectOneDiagnosticLine(big!.stderr, "--memory '8192' has no unit: write 8192MB", "8192MiB", "8192GB if you meant gigabytes");
    expectOneDiagnosticLine(small!.stderr, "--memory '16' has no unit: write 16GB");
    expect(small!.stderr).not.toContain("16MB");
  });

  it("dataset --id says only the id was given, not that a record names no configs", async () => {
    const [outcome] = await runCliBatch([{ args: ["dataset", "--id", "acme/data", "--config", "x", "--lang", "python", "--client", "datasets"] }]);
    expect(outcome!.code, outcome!.stderr).toBe(0);
    expect(outcome!.stdout).toContain('load_dataset("acme/data", "x")');
    expectOneDiagnosticLine(outcome!.stderr, "acme/data: only its id was given", "curl -s https://huggingface.co/api/datasets/acme/data");
    expect(outcome!.stderr).not.toContain("the record names no configs");
  });
});
