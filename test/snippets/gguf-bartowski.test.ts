import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { chooseGgufQuant, getLocalAppSnippets, ggufQuantFiles } from "../helpers/record-twins.js";

/*
 * Issue 32, defect 3: bartowski's `_L` quantizations (Q6_K_L: Q6_K with the embeddings and output at Q8_0) lost their
 * suffix, Q4_K_L and Q5_K_L got no label at all, and files of one label were added up as if they were the parts of
 * one split file. The record is bartowski/Meta-Llama-3.1-8B-Instruct-GGUF as the model API gives it with sizes.
 */

const recordFile = fileURLToPath(new URL("../fixtures/issue32-gguf/bartowski-meta-llama-3.1-8b-instruct.json", import.meta.url));
const record = ModelRecordSchema.parse(JSON.parse(readFileSync(recordFile, "utf8")));
const id = "bartowski/Meta-Llama-3.1-8B-Instruct-GGUF";

describe("bartowski's _L quantizations", () => {
  it("are each one file, with their own label and size", () => {
    const quants = ggufQuantFiles(record);
    expect(
      quants.every((quant) => quant.files.length === 1),
      "no file of this repository is a split part",
    ).toBe(true);
    const byLabel = Object.fromEntries(quants.map((quant) => [quant.label, quant]));
    expect(byLabel["Q6_K_L"]).toEqual({ label: "Q6_K_L", files: ["Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf"], bytes: 6850471328 });
    expect(byLabel["Q6_K"]).toEqual({ label: "Q6_K", files: ["Meta-Llama-3.1-8B-Instruct-Q6_K.gguf"], bytes: 6596011424 });
    expect(byLabel["Q2_K"]?.bytes).toBe(3179136416);
    for (const label of ["Q2_K_L", "Q4_K_L", "Q5_K_L", "Q3_K_XL", "Q4_0_4_4", "F32"]) expect(byLabel[label], label).toBeDefined();
    expect(quants).toHaveLength(24);
  });

  it("lists them biggest first by their file size", () => {
    expect(ggufQuantFiles(record).map((quant) => quant.label)).toEqual([
      "F32",
      "Q8_0",
      "Q6_K_L",
      "Q6_K",
      "Q5_K_L",
      "Q5_K_M",
      "Q5_K_S",
      "Q4_K_L",
      "Q4_K_M",
      "Q3_K_XL",
      "Q4_K_S",
      "IQ4_NL",
      "Q4_0_4_4",
      "Q4_0_4_8",
      "Q4_0_8_8",
      "IQ4_XS",
      "Q3_K_L",
      "Q3_K_M",
      "IQ3_M",
      "Q2_K_L",
      "Q3_K_S",
      "IQ3_XS",
      "Q2_K",
      "IQ2_M",
    ]);
  });

  it("--memory 9GB runs Q6_K_L (6.85 GB + 1.37 GB), the biggest that fits, in llama.cpp", () => {
    const choice = chooseGgufQuant(record, { memory: 9e9 });
    expect(choice).toMatchObject({ chosen: "Q6_K_L", file: "Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf", parts: 1, fit: { bytes: 6850471328 } });
    const [server] = getLocalAppSnippets(record, "llama.cpp", { memory: "9GB" });
    expect(server?.content).toContain("# For 9.00 GB of memory: Q6_K_L, 6.85 GB of weights + 1.37 GB for the context");
    expect(server?.content).toMatch(new RegExp(`^llama-server -hf ${id}:Q6_K_L$`, "m"));
  });

  it("vLLM gets a command that downloads the one file and serves it", () => {
    for (const memory of [undefined, "9GB", "20GB"]) {
      const [serve] = getLocalAppSnippets(record, "vllm", memory ? { memory } : {});
      expect(serve?.content, `--memory ${memory}`).toMatch(new RegExp(`^hf download ${id} Meta-Llama-3\\.1-8B-Instruct-\\S+\\.gguf --local-dir \\.$`, "m"));
      expect(serve?.content, `--memory ${memory}`).toMatch(/^vllm serve \.\/Meta-Llama-3\.1-8B-Instruct-\S+\.gguf --served-model-name /m);
      expect(serve?.content).not.toContain("split");
    }
    expect(getLocalAppSnippets(record, "vllm", { memory: "20GB" })[0]?.content).toContain("vllm serve ./Meta-Llama-3.1-8B-Instruct-Q8_0.gguf");
  });

  it("the other-quantizations line names every _L file", () => {
    const [server] = getLocalAppSnippets(record, "llama.cpp");
    const others = /^# Other quantizations in this repository: (.*)$/m.exec(server?.content ?? "")?.[1]?.split(", ");
    expect(others).toEqual(expect.arrayContaining(["Q6_K_L", "Q5_K_L", "Q4_K_L", "Q2_K_L", "Q6_K", "Q2_K"]));
    expect(others).toHaveLength(23);
    expect(server?.content).toMatch(new RegExp(`^llama-server -hf ${id}:Q4_K_M$`, "m"));
  });
});

describe("a split quantization in vLLM", () => {
  const appModels = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url)), "utf8")) as Record<string, unknown>;
  const split = ModelRecordSchema.parse(appModels["gguf-split-no-q4km"]);

  it("downloads every part, merges them with llama-gguf-split, and serves the merged file", () => {
    const [serve] = getLocalAppSnippets(split, "vllm");
    const lines = serve?.content.split("\n") ?? [];
    expect(lines).toContain("hf download unsloth/Qwen3-235B-A22B-GGUF --include 'UD-Q3_K_XL/Qwen3-235B-A22B-UD-Q3_K_XL-*-of-00003.gguf' --local-dir .");
    expect(lines).toContain("llama-gguf-split --merge UD-Q3_K_XL/Qwen3-235B-A22B-UD-Q3_K_XL-00001-of-00003.gguf Qwen3-235B-A22B-UD-Q3_K_XL.gguf");
    expect(lines).toContain("vllm serve ./Qwen3-235B-A22B-UD-Q3_K_XL.gguf --served-model-name unsloth/Qwen3-235B-A22B-GGUF");
    // vLLM's GGUF support is the vllm-gguf-plugin package (issue 42, F).
    expect(serve?.install).toBe("pip install -U vllm vllm-gguf-plugin");
  });
});

describe("two quantizations with one label", () => {
  const GB = 1e9;
  const model = ModelRecordSchema.parse({
    id: "someone/Model-8B-GGUF",
    library_name: "gguf",
    // vLLM serves language models: a GGUF record's task says it is one (the Hub's rule, apps-differential.test.ts).
    pipeline_tag: "text-generation",
    tags: ["gguf"],
    siblings: [
      { rfilename: "Model-8B-Q4_K_M.gguf", size: 4.9 * GB },
      { rfilename: "Model-8B-abliterated-Q4_K_M.gguf", size: 5.0 * GB },
      { rfilename: "Model-8B-Q8_0.gguf", size: 8.5 * GB },
    ],
  });

  it("stay two, each with its own size; the label is listed once", () => {
    expect(ggufQuantFiles(model).map(({ label, bytes }) => [label, bytes])).toEqual([
      ["Q8_0", 8.5 * GB],
      ["Q4_K_M", 5.0 * GB],
      ["Q4_K_M", 4.9 * GB],
    ]);
    // By default, the plainer name: the repository's main model rather than the fine-tune beside it.
    expect(chooseGgufQuant(model)).toMatchObject({
      chosen: "Q4_K_M",
      file: "Model-8B-Q4_K_M.gguf",
      others: ["Q8_0"],
      alsoMatched: ["Model-8B-abliterated-Q4_K_M.gguf"],
    });
  });

  it("an app given <id>:<label> says which file is meant and that it may load the other; an app given the file does not", () => {
    const [server] = getLocalAppSnippets(model, "llama.cpp");
    expect(server?.content).toContain(
      "# The tag Q4_K_M also matches Model-8B-abliterated-Q4_K_M.gguf here: the app may load that instead of Model-8B-Q4_K_M.gguf\n",
    );
    const [serve] = getLocalAppSnippets(model, "vllm");
    expect(serve?.content).toContain("hf download someone/Model-8B-GGUF Model-8B-Q4_K_M.gguf --local-dir .");
    expect(serve?.content).not.toContain("also matches");
  });

  it("F16 also finds a BF16 file, as llama.cpp matches the tag; BF16 does not find F16", () => {
    const floats = (files: string[]) => ModelRecordSchema.parse({ id: "a/b", tags: ["gguf"], siblings: files.map((rfilename) => ({ rfilename, size: 16e9 })) });
    expect(chooseGgufQuant(floats(["m-BF16.gguf", "m-F16.gguf"]))).toMatchObject({ chosen: "F16", alsoMatched: ["m-BF16.gguf"] });
    expect(chooseGgufQuant(floats(["m-BF16.gguf"]), { memory: 20e9 })).toMatchObject({ chosen: "BF16", alsoMatched: [] });
    expect(chooseGgufQuant(floats(["m-BF16.gguf", "m-F16.gguf", "m-Q4_K_M.gguf"]))).toMatchObject({ chosen: "Q4_K_M", alsoMatched: [] });
  });

  it("--memory fits each by its own size", () => {
    expect(chooseGgufQuant(model, { memory: 5.9 * GB })).toMatchObject({ chosen: "Q4_K_M", file: "Model-8B-Q4_K_M.gguf" }); // 4.9 + 0.98
    expect(chooseGgufQuant(model, { memory: 6 * GB })).toMatchObject({ chosen: "Q4_K_M", file: "Model-8B-abliterated-Q4_K_M.gguf" }); // 5.0 + 1.0
  });
});

describe("suffixed labels without file sizes", () => {
  const model = ModelRecordSchema.parse({
    id: "someone/Model-8B-GGUF",
    library_name: "gguf",
    tags: ["gguf"],
    gguf: { total: 8e9 },
    siblings: ["Model-8B-Q6_K.gguf", "Model-8B-Q6_K_L.gguf", "Model-8B-Q5_K_L.gguf", "Model-8B-Q8_0.gguf"].map((rfilename) => ({ rfilename })),
  });

  it("stand just above the type they are built on", () => {
    expect(ggufQuantFiles(model).map((quant) => quant.label)).toEqual(["Q8_0", "Q6_K_L", "Q6_K", "Q5_K_L"]);
  });

  it("are estimated as their type; of two estimated alike, --memory runs the one the estimate is exact for", () => {
    // Q6_K ≈ 8e9 × 6.56 / 8 = 6.56 GB (+ 1.31): Q6_K_L is estimated the same, but its file is a little bigger.
    expect(chooseGgufQuant(model, { memory: 8e9 })).toMatchObject({ chosen: "Q6_K", fit: { estimate: { parameters: 8e9 } } });
    expect(chooseGgufQuant(model, { memory: 7.8e9 }).chosen).toBe("Q5_K_L");
  });
});
