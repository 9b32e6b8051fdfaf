import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// bartowski's _L quantizations through the CLI, a real process; the rules are test/snippets/gguf-bartowski.test.ts's.
const recordFile = fileURLToPath(new URL("../fixtures/issue32-gguf/bartowski-meta-llama-3.1-8b-instruct.json", import.meta.url));
const id = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";

describe("hub-snippets snippet <bartowski record> --app … (a real process)", () => {
  it("llama.cpp --memory 9GB runs Q6_K_L", () => {
    const { stdout, stderr, code } = runCli(["snippet", recordFile, "--app", "llama.cpp", "--memory", "9GB"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain("# For 9.00 GB of memory: Q6_K_L, 6.85 GB of weights + 1.37 GB for the context (20% of the file, at least 0.5 GB)\n");
    expect(stdout).toContain(`llama-server -hf ${id}:Q6_K_L\n`);
    expect(stdout).toContain(`llama-cli -hf ${id}:Q6_K_L\n`);
  });

  it("vllm --memory 9GB prints the commands for the Q6_K_L file", () => {
    const { stdout, code } = runCli(["snippet", recordFile, "--app", "vllm", "--memory", "9GB"]);
    expect(code).toBe(0);
    expect(stdout).toContain(`hf download ${id} Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf --local-dir .\n`);
    // The tokenizer of the model the record's base_model:quantized: tag names, as vLLM's GGUF docs advise (issue 42, F).
    expect(stdout).toContain(`vllm serve ./Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf --served-model-name ${id} --tokenizer meta-llama/Llama-3.1-8B-Instruct\n`);
    expect(stdout).not.toContain("merge them first");
  });
});
