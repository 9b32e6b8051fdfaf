import { refusal } from "../helpers/refusal.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { listApps } from "../../src/catalogue/apps.js";
import { parseMemorySize } from "../../src/weights/memory-fit.js";
import { chooseGgufQuant, getAllLocalAppSnippets, getLocalAppSnippets } from "../helpers/record-twins.js";

const modelsFile = fileURLToPath(new URL("../fixtures/apps/models.json", import.meta.url));
const fixtures = JSON.parse(readFileSync(modelsFile, "utf8")) as Record<string, unknown>;
const fixture = (name: string) => ModelRecordSchema.parse(fixtures[name]);
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-memory-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const GB = 1e9;
/** A GGUF repository whose files have these sizes (in GB; undefined: no size given). */
function repo(files: Record<string, number | undefined>, gguf?: Record<string, unknown>): ModelRecord {
  return ModelRecordSchema.parse({
    id: "someone/Model-GGUF",
    library_name: "gguf",
    tags: ["gguf", "conversational"],
    ...(gguf ? { gguf } : {}),
    siblings: Object.entries(files).map(([rfilename, size]) => (size === undefined ? { rfilename } : { rfilename, size: size * GB })),
  });
}

describe("memory sizes as users write them", () => {
  it.each([
    ["16GB", 16e9],
    ["16 gb", 16e9],
    ["16G", 16e9],
    ["24GiB", 24 * 2 ** 30],
    ["512MB", 512e6],
    ["1.5TB", 1.5e12],
  ])("%s", (text, bytes) => expect(parseMemorySize(text)).toBe(bytes));

  it("refuses a bare number, which could be GB or GiB, naming both", () => {
    const error = refusal(() => parseMemorySize("16"));
    expect(error.exitCode).toBe(2);
    expect(error.message).toBe("--memory '16' has no unit: write 16GB (10⁹ bytes, as the Hub counts file sizes) or 16GiB (2³⁰ bytes)");
  });

  it.each(["", "GB", "sixteen", "-1GB", "0GB", "16 parsecs", "1e3GB"])("refuses %j with exit code 2", (text) => {
    const error = refusal(() => parseMemorySize(text));
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain("is not a memory size");
  });
});

describe("the quantization that fits the memory", () => {
  const sized = repo({ "m-F16.gguf": 16.1, "m-Q8_0.gguf": 8.5, "m-Q6_K.gguf": 6.6, "m-Q4_K_M.gguf": 4.9, "m-Q2_K.gguf": 3.2 });

  it("is the biggest whose file plus the margin (20%, at least 0.5 GB) fits", () => {
    expect(chooseGgufQuant(sized, { memory: 16 * GB }).chosen).toBe("Q8_0"); // 8.5 + 1.7 ≤ 16; F16 needs 19.3
    expect(chooseGgufQuant(sized, { memory: 10.2 * GB }).chosen).toBe("Q8_0"); // exactly 8.5 + 1.7
    expect(chooseGgufQuant(sized, { memory: 10.1 * GB }).chosen).toBe("Q6_K");
    expect(chooseGgufQuant(sized, { memory: 64 * GB }).chosen).toBe("F16");
    const fit = chooseGgufQuant(sized, { memory: 8 * GB });
    expect(fit).toMatchObject({ chosen: "Q6_K", file: "m-Q6_K.gguf", fit: { bytes: 6.6 * GB, estimate: undefined, unsized: [] } });
    expect(fit.fit?.margin).toBeCloseTo(1.32 * GB);
  });

  it("keeps the half-gigabyte floor for small files", () => {
    const small = repo({ "s-Q8_0.gguf": 1.3, "s-Q4_K_M.gguf": 0.8 });
    expect(chooseGgufQuant(small, { memory: 1.8 * GB }).chosen).toBe("Q8_0"); // 1.3 + 0.5
    expect(chooseGgufQuant(small, { memory: 1.79 * GB }).chosen).toBe("Q4_K_M");
  });

  it("counts the parts of a split file as one model", () => {
    const split = repo({
      "Q8_0/m-Q8_0-00001-of-00002.gguf": 9,
      "Q8_0/m-Q8_0-00002-of-00002.gguf": 9,
      "m-Q4_K_M.gguf": 10,
    });
    expect(chooseGgufQuant(split, { memory: 20 * GB }).chosen).toBe("Q4_K_M"); // Q8_0 is 18 GB + 3.6
    expect(chooseGgufQuant(split, { memory: 22 * GB })).toMatchObject({ chosen: "Q8_0", parts: 2, fit: { bytes: 18 * GB } });
  });

  it("exits 1 with what the smallest needs when nothing fits", () => {
    const error = refusal(() => chooseGgufQuant(sized, { memory: 2 * GB }));
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe("no quantization of someone/Model-GGUF fits in 2.00 GB: the smallest, Q2_K, needs 3.84 GB (3.20 GB + 640 MB for the context)");
  });

  it("estimates from the parameter count × bits per weight when the record gives no sizes, and says so", () => {
    // A language model's GGUF header names its context length (apps run only those).
    const unsized = repo({ "m-Q8_0.gguf": undefined, "m-Q4_K_M.gguf": undefined }, { total: 8e9, context_length: 8192 });
    const choice = chooseGgufQuant(unsized, { memory: 8 * GB });
    expect(choice).toMatchObject({ chosen: "Q4_K_M", fit: { estimate: { parameters: 8e9 } } }); // Q8_0 ≈ 8.5 GB
    expect(choice.fit?.bytes).toBeCloseTo((8e9 * 4.89) / 8);
    const [server] = getLocalAppSnippets(unsized, "llama.cpp", { memory: "8GB" });
    expect(server?.content).toContain("# For 8.00 GB of memory: Q4_K_M, 4.89 GB of weights + 978 MB for the context");
    expect(server?.content).toContain("# Sizes estimated from 8.0 B parameters");
  });

  it("exits 1 when it can tell no size at all", () => {
    const error = refusal(() => chooseGgufQuant(repo({ "m-Q4_K_M.gguf": undefined }), { memory: 8 * GB }));
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain("the record gives no file sizes (the Hub's model API adds them with ?blobs=true)");
  });

  it("leaves out, and names, the quantizations it cannot size", () => {
    const mixed = repo({ "m-Q8_0.gguf": 8.5, "m-Q4_1_SOME_F16.gguf": undefined });
    const choice = chooseGgufQuant(mixed, { memory: 16 * GB });
    expect(choice).toMatchObject({ chosen: "Q8_0", fit: { unsized: ["Q4_1_SOME_F16"] } });
  });
});

describe("exact tags and file names in the commands", () => {
  const gptOss = fixture("gguf-ud-mxfp4");

  it("keeps the UD- prefix and the MXFP4 label as the file names write them", () => {
    // 16 GB: MXFP4 (12.1 GB + 2.4) is the biggest that fits; F16 (13.8 + 2.8) does not.
    expect(getLocalAppSnippets(gptOss, "ollama", { memory: "16GB" })[0]?.content).toContain("ollama run hf.co/unsloth/gpt-oss-20b-GGUF:MXFP4\n".trimEnd());
    // 14.3 GB: UD-Q4_K_XL (11.87 + 2.37 = 14.24) fits, MXFP4 (14.53) does not.
    expect(getLocalAppSnippets(gptOss, "llama.cpp", { memory: "14.3GB" })[0]?.content).toContain("llama-server -hf unsloth/gpt-oss-20b-GGUF:UD-Q4_K_XL");
    // vLLM names the file itself, in its own case.
    expect(getLocalAppSnippets(gptOss, "vllm", { memory: "16GB" })[0]?.content).toContain("hf download unsloth/gpt-oss-20b-GGUF gpt-oss-20b-mxfp4.gguf");
  });

  it("never appends a quant tag for a safetensors model, and refuses --memory there", () => {
    const llm = fixture("transformers-llm");
    const [run] = getLocalAppSnippets(llm, "docker-model-runner");
    expect(run?.content).toContain("docker model run hf.co/Qwen/Qwen2.5-0.5B-Instruct");
    expect(run?.content).not.toMatch(/hf\.co\/Qwen\/Qwen2\.5-0\.5B-Instruct:/);
    const error = refusal(() => getLocalAppSnippets(llm, "vllm", { memory: "16GB" }));
    expect(error.exitCode).toBe(1);
    expect(error.message).toBe("--memory chooses among GGUF quantizations; Qwen/Qwen2.5-0.5B-Instruct has no GGUF files");
  });
});

describe("every app's snippets at once (the browser's Local apps tab)", () => {
  it("are each app's snippets in the catalogue's order, with or without a memory to fit", () => {
    for (const [name, record] of Object.entries(fixtures)) {
      const model = ModelRecordSchema.parse(record);
      const oneByOne = listApps().flatMap((app) => getLocalAppSnippets(model, app.key));
      expect(getAllLocalAppSnippets(model), name).toEqual(oneByOne);
    }
    const model = fixture("gguf-ud-mxfp4");
    const fitted = listApps().flatMap((app) => getLocalAppSnippets(model, app.key, { memory: "16GB" }));
    expect(fitted.length).toBeGreaterThan(5);
    expect(getAllLocalAppSnippets(model, { memory: "16GB" })).toEqual(fitted);
    expect(getAllLocalAppSnippets(model, { memory: "16GB" })).not.toEqual(getAllLocalAppSnippets(model));
  });

  it("refuse a memory to fit for a model without GGUF files, as one app does", () => {
    const model = fixture("transformers-llm");
    expect(refusal(() => getAllLocalAppSnippets(model, { memory: "16GB" })).message).toBe(
      refusal(() => getLocalAppSnippets(model, "vllm", { memory: "16GB" })).message,
    );
  });
});
