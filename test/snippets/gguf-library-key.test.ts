import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { holdsOnlyGgufWeights } from "../../src/model/gguf.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { getLibrarySnippets, libraryKeyOf } from "../helpers/record-twins.js";

/*
 * Issue 32, defect 4: the library of a record is decided from its files where its card cannot be right. A repository
 * whose weights are only GGUF files loads in llama-cpp-python, whatever transformers' card line says; a repository with
 * weights of its own format beside GGUF files keeps its library; a record without a file list keeps what it says.
 */

const issueRecord = (name: string): ModelRecord =>
  ModelRecordSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL(`../fixtures/issue32-libs/${name}.json`, import.meta.url)), "utf8")));
const record = (fields: Record<string, unknown>): ModelRecord => ModelRecordSchema.parse({ id: "someone/some-model", ...fields });
const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));

describe("libraryKeyOf: GGUF repositories", () => {
  const unsloth = issueRecord("unsloth-qwen3-8b-gguf");
  const ggufMyRepo = issueRecord("gguf-my-repo-qwen3-8b-q4_k_m");

  it("a GGUF-only repository whose card says transformers is llama-cpp-python's (unsloth, GGUF-my-repo)", () => {
    expect([unsloth, ggufMyRepo].map((model) => [model.library_name, holdsOnlyGgufWeights(model), libraryKeyOf(model)])).toEqual([
      ["transformers", true, "llama-cpp-python"],
      ["transformers", true, "llama-cpp-python"],
    ]);
    for (const model of [unsloth, ggufMyRepo]) {
      const snippets = getLibrarySnippets(model);
      expect(snippets.map((snippet) => `${snippet.language}/${snippet.client}`)).toEqual(["python/llama-cpp-python"]);
      expect(snippets[0]?.content).not.toMatch(/transformers|from_pretrained\(\s*"/);
    }
  });

  it("a config.json beside the GGUF files changes nothing: transformers still finds no weights it loads", () => {
    expect(libraryKeyOf({ ...unsloth, siblings: files("config.json", "README.md", "Qwen3-8B-Q4_K_M.gguf") } as ModelRecord)).toBe("llama-cpp-python");
  });

  it("a repository with weights of its own format beside GGUF files keeps its card's library", () => {
    for (const weights of ["model.safetensors", "pytorch_model.bin", "model-00001-of-00004.safetensors"]) {
      expect(
        libraryKeyOf(record({ library_name: "transformers", tags: ["transformers", "gguf"], siblings: files("config.json", weights, "model-Q4_K_M.gguf") })),
        weights,
      ).toBe("transformers");
    }
  });

  it("a record without a file list, or with only a vision projector in GGUF, keeps its card's library", () => {
    expect(libraryKeyOf(record({ library_name: "transformers", tags: ["transformers", "gguf"] }))).toBe("transformers");
    expect(libraryKeyOf(record({ library_name: "transformers", siblings: files("config.json", "mmproj-model-f16.gguf") }))).toBe("transformers");
  });

  it("a library that loads its own GGUF checkpoints (diffusers) keeps its card's library", () => {
    expect(libraryKeyOf(record({ library_name: "diffusers", tags: ["diffusers", "gguf"], siblings: files("flux1-dev-Q4_K_S.gguf") }))).toBe("diffusers");
  });

  it("the Hub's gguf, and a GGUF repository that names no library, are llama-cpp-python's", () => {
    expect(libraryKeyOf(record({ library_name: "gguf", tags: ["gguf"] }))).toBe("llama-cpp-python");
    expect(libraryKeyOf(record({ tags: ["gguf"] }))).toBe("llama-cpp-python");
    expect(libraryKeyOf(record({ siblings: files("model-Q8_0.gguf") }))).toBe("llama-cpp-python");
    expect(libraryKeyOf(record({ library_name: "llama-cpp-python" }))).toBe("llama-cpp-python");
    expect(libraryKeyOf(record({}))).toBeUndefined();
  });
});

describe("getModelSnippets: the client of a GGUF repository's loading code", () => {
  it("answers --client gguf (the Hub's library name) with llama-cpp-python's code, in the library API as in the CLI", () => {
    const model = issueRecord("unsloth-qwen3-8b-gguf");
    const byName = getModelSnippets(model, { kind: "library", client: "llama-cpp-python" }).snippets;
    expect(byName.map((snippet) => snippet.client)).toEqual(["llama-cpp-python"]);
    expect(getModelSnippets(model, { kind: "library", client: "gguf" }).snippets).toEqual(byName);
  });
});
