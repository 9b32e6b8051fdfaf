import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * Issue 32, defect 4, as a user meets it: repositories of GGUF files whose card says `library_name: transformers`
 * (unsloth's, GGUF-my-repo's; records in test/fixtures/issue32-libs/ as the model API sends them) get the loading code
 * of llama-cpp-python, not `from_pretrained` code that transformers refuses without a config.json; and the client
 * of that code is the name a user types, `llama-cpp-python`, on every GGUF record (`--client gguf` still answers).
 */

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const unsloth = fixture("issue32-libs/unsloth-qwen3-8b-gguf.json");
const ggufMyRepo = fixture("issue32-libs/gguf-my-repo-qwen3-8b-q4_k_m.json");
const ggufLibrary = fixture("libraries/gguf.json");

describe("snippet: a GGUF-only repository whose card names transformers", () => {
  it("--library prints llama-cpp-python code that loads the Q4_K_M file, and no transformers code", () => {
    const { stdout, stderr, code } = runCli(["snippet", unsloth, "--library"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout.startsWith("# pip install -U llama-cpp-python huggingface-hub\nfrom llama_cpp import Llama\n"), stdout).toBe(true);
    expect(stdout).toContain('repo_id="unsloth/Qwen3-8B-GGUF"');
    expect(stdout).toContain('filename="Qwen3-8B-Q4_K_M.gguf"');
    expect(stdout).not.toContain("transformers");
    expect(stdout).not.toContain('from_pretrained("unsloth');
  });

  it("the default answer's library section is llama-cpp-python's, beside the local apps", () => {
    const { stdout, code } = runCli(["snippet", ggufMyRepo]);
    expect(code).toBe(0);
    expect(stdout).toContain("## Library: llama-cpp-python");
    expect(stdout).toContain('filename="qwen3-8b-q4_k_m.gguf"');
    expect(stdout).not.toMatch(/from transformers import|AutoModel/);
    expect(stdout).toContain("## Local apps");
  });

  it("--json names the client llama-cpp-python", () => {
    const { stdout, code } = runCli(["snippet", unsloth, "--library", "--json"]);
    expect(code).toBe(0);
    const items = JSON.parse(stdout) as { kind: string; client: string; language: string }[];
    expect(items.map((item) => `${item.kind} ${item.language}/${item.client}`)).toEqual(["library python/llama-cpp-python"]);
  });
});

describe("snippet --client llama-cpp-python on every kind of GGUF record", () => {
  it.each([
    ["library_name transformers (unsloth)", unsloth, "Qwen3-8B-Q4_K_M.gguf"],
    ["library_name transformers (GGUF-my-repo)", ggufMyRepo, "qwen3-8b-q4_k_m.gguf"],
    ["library_name gguf", ggufLibrary, "gemma-3-1b-it-q4_0.gguf"],
  ])("%s: prints exactly the loading code", (_, file, gguf) => {
    const { stdout, stderr, code } = runCli(["snippet", file, "--lang", "python", "--client", "llama-cpp-python"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toContain("from llama_cpp import Llama\n");
    expect(stdout).toContain(`filename="${gguf}"`);
  });

  it("--client gguf, the Hub's library name of such a repository, still answers with the same code", () => {
    const typed = runCli(["snippet", ggufLibrary, "--lang", "python", "--client", "llama-cpp-python"]);
    const hub = runCli(["snippet", ggufLibrary, "--lang", "python", "--client", "gguf"]);
    expect(hub.code).toBe(0);
    expect(hub.stdout).toBe(typed.stdout);
    const library = runCli(["snippet", unsloth, "--library", "--client", "gguf"]);
    expect(library.code).toBe(0);
    expect(library.stdout).toContain("from llama_cpp import Llama");
  });
});
