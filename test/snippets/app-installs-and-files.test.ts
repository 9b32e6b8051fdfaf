import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { runCli } from "../helpers/cli.js";
import { readHubRecord } from "../helpers/hub-records.js";
import { getLibrarySnippets, getLocalAppSnippets } from "../helpers/record-twins.js";

/*
 * Issue 42, B, C and F: what the local apps install and which file they are given, on records written as the Hub's
 * model API answers them.
 */

const appModels = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url)), "utf8")) as Record<string, unknown>;
const appModel = (name: string): ModelRecord => ModelRecordSchema.parse(appModels[name]);
const ownFile = (name: string) => fileURLToPath(new URL(`../fixtures/issue42/${name}.json`, import.meta.url));
const ownRecord = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(ownFile(name), "utf8")));
/** Qwen's own GGUF repository, with sizes: Q2_K and Q3_K_M are single files, Q4_0 to Q6_K two parts, Q8_0 three, FP16 four. */
const qwen = "qwen2.5-7b-instruct-gguf-sizes";
/** unsloth's Qwen3-30B-A3B: BF16 and UD-Q8_K_XL in two parts, the others single files. */
const unsloth = "qwen3-30b-a3b-unsloth-gguf-ud";
const code = (model: ModelRecord, app: string, memory?: string) =>
  getLocalAppSnippets(model, app, memory === undefined ? undefined : { memory })
    .map((snippet) => snippet.content)
    .join("\n");

describe("B: Pi", () => {
  it.each(["gguf-agent", "mlx-agent"])("installs @earendil-works/pi-coding-agent on %s, never the frozen, deprecated @mariozechner scope", (name) => {
    const pi = code(appModel(name), "pi");
    expect(pi).toContain("npm install -g --ignore-scripts @earendil-works/pi-coding-agent");
    expect(pi).not.toContain("@mariozechner");
  });
});

describe("C: Ollama is offered single-file quantizations only", () => {
  it("Qwen2.5-7B-Instruct-GGUF, whose Q4_K_M is two files: the nearest smaller single file, and why not Q4_K_M", () => {
    const ollama = code(ownRecord(qwen), "ollama");
    expect(ollama).toContain("ollama run hf.co/Qwen/Qwen2.5-7B-Instruct-GGUF:Q3_K_M");
    expect(ollama).not.toContain(":Q4_K_M");
    expect(ollama).toMatch(/Split in parts.*Q4_K_M/);
  });

  it("the same record as the corpus holds it (a one-part Q2_K, no sizes): never the split Q4_K_M", () => {
    const ollama = code(readHubRecord("qwen2.5-7b-instruct-gguf-split"), "ollama");
    expect(ollama).toContain("ollama run hf.co/Qwen/Qwen2.5-7B-Instruct-GGUF:Q2_K");
  });

  it("--memory 16GB: not the three-part Q8_0 that llama.cpp gets, but the biggest single file that fits", () => {
    expect(code(ownRecord(qwen), "llama.cpp", "16GB")).toContain("llama-server -hf Qwen/Qwen2.5-7B-Instruct-GGUF:Q8_0");
    expect(code(ownRecord(qwen), "ollama", "16GB")).toContain("ollama run hf.co/Qwen/Qwen2.5-7B-Instruct-GGUF:Q3_K_M");
  });

  it("--memory 80GB on unsloth's Qwen3-30B-A3B: llama.cpp gets the two-part BF16, Ollama the biggest single file, Q8_0", () => {
    const record = readHubRecord(unsloth);
    expect(code(record, "llama.cpp", "80GB")).toContain("llama-server -hf unsloth/Qwen3-30B-A3B-GGUF:BF16");
    const ollama = code(record, "ollama", "80GB");
    expect(ollama).toContain("ollama run hf.co/unsloth/Qwen3-30B-A3B-GGUF:Q8_0");
    expect(ollama).toMatch(/Split in parts.*BF16, UD-Q8_K_XL/);
  });

  it("a repository whose every quantization is split (2 and 3 parts): Ollama is told none runs there, and no command", () => {
    const ollama = code(appModel("gguf-split-no-q4km"), "ollama");
    expect(ollama).toContain("Ollama cannot run unsloth/Qwen3-235B-A22B-GGUF from the Hub");
    expect(ollama).not.toContain("ollama run");
  });

  it("on the CLI, --memory too small for any single file exits 1 and says so", () => {
    const result = runCli(["snippet", ownFile(qwen), "--app", "ollama", "--memory", "3GB"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no single-file quantization of Qwen/Qwen2.5-7B-Instruct-GGUF fits in 3.00 GB");
  });
});

describe("C: Ollama's edge cases", () => {
  const allSplit = appModel("gguf-split-no-q4km");
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-issue42-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const recordFile = (name: string, record: unknown) => {
    const path = join(scratch, `${name}.json`);
    writeFileSync(path, JSON.stringify(record));
    return path;
  };
  /** A repository whose one Q4_K_M file is numbered as the only part of a split ("-00001-of-00001"), beside a two-part Q8_0. */
  const onePart = {
    id: "example/SmolLM2-1.7B-Instruct-GGUF",
    library_name: "gguf",
    pipeline_tag: "text-generation",
    tags: ["gguf", "llama", "conversational"],
    siblings: [
      { rfilename: "SmolLM2-1.7B-Instruct-Q4_K_M-00001-of-00001.gguf" },
      { rfilename: "SmolLM2-1.7B-Instruct-Q8_0-00001-of-00002.gguf" },
      { rfilename: "SmolLM2-1.7B-Instruct-Q8_0-00002-of-00002.gguf" },
    ],
  };

  it("a quantization numbered '-00001-of-00001' is one file, which Ollama is offered (the two-part Q8_0 is not)", () => {
    const ollama = code(ModelRecordSchema.parse(onePart), "ollama");
    expect(ollama).toContain("ollama run hf.co/example/SmolLM2-1.7B-Instruct-GGUF:Q4_K_M");
    expect(ollama).toMatch(/Split in parts.*Q8_0/);
  });

  it("apps list --model leaves Ollama out where every quantization is split, and keeps the apps that load parts", () => {
    const result = runCli(["apps", "list", "--model", recordFile("all-split", appModels["gguf-split-no-q4km"]), "--json"]);
    expect(result.code, result.stderr).toBe(0);
    const keys = (JSON.parse(result.stdout) as { key: string }[]).map((app) => app.key);
    expect(keys).toContain("llama.cpp");
    expect(keys).not.toContain("ollama");
  });

  it("apps list --model names Ollama where one quantization is a single file", () => {
    const result = runCli(["apps", "list", "--model", recordFile("one-part", onePart), "--json"]);
    expect((JSON.parse(result.stdout) as { key: string }[]).map((app) => app.key)).toContain("ollama");
  });

  it("the default answer on an all-split repository shows no Ollama snippet nor names it among the other apps", () => {
    const answer = getModelSnippets(allSplit);
    expect(answer.snippets.map((snippet) => snippet.client)).not.toContain("ollama");
    expect(answer.otherApps).not.toContain("ollama");
    expect(answer.snippets.map((snippet) => snippet.client)).toContain("llama.cpp");
  });

  it("apps list --model on a disabled model exits 1 with the reason the snippet command gives", () => {
    const result = runCli(["apps", "list", "--model", ownFile("disabled-llama-2-7b-gguf")]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("TheBloke/Llama-2-7B-GGUF-disabled-copy is disabled on the Hub (disabled: true)");
  });

  it("asked for by name, Ollama still says why it cannot run the repository", () => {
    expect(code(allSplit, "ollama")).toContain("every quantization is split in parts");
  });
});

describe("D: llama-cpp-python loads the quantization llama.cpp runs", () => {
  const library = (model: ModelRecord) =>
    getLibrarySnippets(model)
      .map((snippet) => snippet.content)
      .join("\n");

  it("Qwen's split Q4_K_M: its first part as filename, the other part as additional_files", () => {
    const python = library(ownRecord(qwen));
    expect(python).toContain('filename="qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf"');
    expect(python).toMatch(/additional_files=\[\s*"qwen2\.5-7b-instruct-q4_k_m-00002-of-00002\.gguf",?\s*\]/);
  });

  it("unsloth's Qwen3-235B (split quantizations in folders): UD-Q3_K_XL's three parts, as llama.cpp runs, downloaded before loading the first", () => {
    const python = library(appModel("gguf-split-no-q4km"));
    expect(code(appModel("gguf-split-no-q4km"), "llama.cpp")).toContain(":UD-Q3_K_XL");
    // from_pretrained would fetch each of additional_files under its folder twice (filename with the folder, and subfolder).
    expect(python).not.toContain("additional_files");
    expect(python).toContain('allow_patterns=["UD-Q3_K_XL/Qwen3-235B-A22B-UD-Q3_K_XL-*-of-00003.gguf"]');
    expect(python).toContain('"UD-Q3_K_XL/Qwen3-235B-A22B-UD-Q3_K_XL-00001-of-00003.gguf"');
    expect(python).toContain("llm = Llama(model_path=model_path)");
  });

  it("parts the record does not list are named by their numbering (a record that lists Q4_K_M's first part only)", () => {
    const listed = readHubRecord("qwen2.5-7b-instruct-gguf-split");
    const partial = { ...listed, siblings: (listed["siblings"] as { rfilename: string }[]).filter((file) => !file.rfilename.includes("q4_k_m-00002")) };
    const python = library(ModelRecordSchema.parse(partial));
    expect(python).toContain('filename="qwen2.5-7b-instruct-q4_k_m-00001-of-00002.gguf"');
    expect(python).toContain('additional_files=["qwen2.5-7b-instruct-q4_k_m-00002-of-00002.gguf"]');
  });

  it("a single-file Q4_K_M: filename alone", () => {
    const python = library(readHubRecord(unsloth));
    expect(python).toContain('filename="Qwen3-30B-A3B-Q4_K_M.gguf"');
    expect(python).not.toContain("additional_files");
  });
});

describe("F: vLLM on a GGUF file", () => {
  it("installs vllm-gguf-plugin beside vllm (vLLM's GGUF support moved there) and passes the base model's tokenizer", () => {
    const [serve] = getLocalAppSnippets(readHubRecord(unsloth), "vllm");
    expect(serve?.install).toBe("pip install -U vllm vllm-gguf-plugin");
    expect(serve?.content).toContain("vllm serve ./Qwen3-30B-A3B-Q4_K_M.gguf --served-model-name unsloth/Qwen3-30B-A3B-GGUF --tokenizer Qwen/Qwen3-30B-A3B");
  });

  it("a split quantization, merged first, gets the tokenizer too", () => {
    const [serve] = getLocalAppSnippets(ownRecord(qwen), "vllm");
    expect(serve?.install).toBe("pip install -U vllm vllm-gguf-plugin");
    expect(serve?.content).toMatch(
      /vllm serve \.\/qwen2\.5-7b-instruct-q4_k_m\.gguf --served-model-name Qwen\/Qwen2\.5-7B-Instruct-GGUF --tokenizer Qwen\/Qwen2\.5-7B-Instruct$/m,
    );
  });

  it("a record without a base_model:quantized tag gets no --tokenizer (nothing to name it from)", () => {
    const [serve] = getLocalAppSnippets(appModel("gguf"), "vllm");
    expect(serve?.install).toBe("pip install -U vllm vllm-gguf-plugin");
    expect(serve?.content).not.toContain("--tokenizer");
  });

  it("a transformers model is served by id, without the plugin", () => {
    const [serve] = getLocalAppSnippets(appModel("transformers-llm"), "vllm");
    expect(serve?.install).toBe("pip install -U vllm");
    expect(serve?.content).not.toContain("--tokenizer");
  });
});
