import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// `--memory` through the CLI, a real process; the rules themselves are test/snippets/app-memory.test.ts's.
const fixtures = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url)), "utf8")) as Record<string, unknown>;
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-memory-command-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("hub-snippets snippet --app … --memory", () => {
  const file = join(scratch, "gpt-oss.json");
  writeFileSync(file, JSON.stringify(fixtures["gguf-ud-mxfp4"]));

  it("prints the commands for the quantization that fits, with why", () => {
    const { stdout, stderr, code } = runCli(["snippet", file, "--app", "llama.cpp", "--memory", "16GB"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain("# For 16.00 GB of memory: MXFP4, 12.11 GB of weights + 2.42 GB for the context (20% of the file, at least 0.5 GB)");
    expect(stdout).toContain("llama-server -hf unsloth/gpt-oss-20b-GGUF:MXFP4");
  });

  it("exits 1 with the smallest quantization's size when nothing fits", () => {
    const { stdout, stderr, code } = runCli(["snippet", file, "--app", "ollama", "--memory", "8GB"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "hub-snippets: no quantization of unsloth/gpt-oss-20b-GGUF fits in 8.00 GB: the smallest, Q3_K_S, needs 13.75 GB (11.46 GB + 2.29 GB for the context)\n",
    );
  });

  it("exits 2 on a size it cannot read, and without --app", () => {
    const bad = runCli(["snippet", file, "--app", "ollama", "--memory", "lots"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe("hub-snippets: --memory 'lots' is not a memory size (write it like 16GB, 24GiB or 512MB)\n");
    const alone = runCli(["snippet", file, "--memory", "16GB"]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain("--memory picks the quantization a local app or a dedicated endpoint runs: give it with --app or --deploy");
  });

  it("says on stderr when the app picks the file itself", () => {
    const { stdout, stderr, code } = runCli(["snippet", file, "--app", "jan", "--memory", "16GB"]);
    expect(code).toBe(0);
    expect(stdout).toContain("jan://models/huggingface/unsloth/gpt-oss-20b-GGUF");
    expect(stderr).toBe("hub-snippets: --memory does not change Jan's snippet: the app picks the file itself\n");
  });
});
