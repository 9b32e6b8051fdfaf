import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GGMLTensorType, GGUFFileType } from "../../src/catalogue/gguf-types.js";
import { listQuantTypes, listTensorTypes, nearestQuant, parseQuantLabel } from "../../src/catalogue/quant.js";
import { QuantDataSchema } from "../../src/catalogue/schema.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { factDifferences, oracleFileTypes, oracleSizeOrder, oracleTensorTypes, tasksPackage, type Facts } from "../helpers/oracle.js";

describe("quantization types (data/quant.json and the typed enums)", () => {
  it("matches its schema", () => {
    const result = QuantDataSchema.safeParse(JSON.parse(readFileSync(`${dataDir}quant.json`, "utf8")));
    expect(result.success ? undefined : `data/quant.json ${firstIssue(result.error)}`).toBeUndefined();
  });

  it("has the file type codes 0 to 41 and the XL variants 1000 to 1005, and tensor codes up to 42 with gaps", () => {
    const fileCodes = listQuantTypes()
      .map((type) => type.code)
      .sort((a, b) => a - b);
    expect(fileCodes).toEqual([...Array.from({ length: 42 }, (_, code) => code), 1000, 1001, 1002, 1003, 1004, 1005]);
    const tensorCodes = listTensorTypes().map((type) => type.code);
    expect(Math.max(...tensorCodes)).toBe(42);
    expect(tensorCodes.length).toBeLessThan(43);
  });

  it("agrees with the typed enums", () => {
    expect(Object.fromEntries(listQuantTypes().map((type) => [type.name, type.code]))).toEqual({ ...GGUFFileType });
    expect(Object.fromEntries(listTensorTypes().map((type) => [type.name, type.code]))).toEqual({ ...GGMLTensorType });
  });

  // The typed enums agree with data/quant.json (above), so with the package too.
  it(`holds ${tasksPackage}'s file types and tensor types (names and codes) and its size order`, () => {
    const oracle = (types: Record<string, number>) => Object.entries(types).map(([name, code]) => [name, { code }] as [string, Facts]);
    const ours = (types: readonly { name: string; code: number }[]) => types.map((type) => [type.name, { code: type.code }] as [string, Facts]);
    expect(factDifferences("GGUF file type", tasksPackage, oracle(oracleFileTypes), "data/quant.json (fileTypes)", ours(listQuantTypes()))).toEqual([]);
    expect(factDifferences("GGML tensor type", tasksPackage, oracle(oracleTensorTypes), "data/quant.json (tensorTypes)", ours(listTensorTypes()))).toEqual([]);
    expect(
      listQuantTypes().map((type) => type.name),
      `data/quant.json lists the file types in ${tasksPackage}'s size order (GGUF_QUANT_ORDER), largest first`,
    ).toEqual(oracleSizeOrder);
  });
});

describe("parseQuantLabel", () => {
  it.each([
    ["Llama-3.2-1B-Instruct-Q4_K_M.gguf", "Q4_K_M", 15],
    ["llama-3.2-1b-instruct-q4_k_m.gguf", "Q4_K_M", 15],
    ["gpt-oss-20b-UD-Q4_K_XL.gguf", "UD-Q4_K_XL", 1002],
    ["gpt-oss-20b-MXFP4.gguf", "MXFP4", 38],
    ["Qwen3-235B-A22B-Q8_0-00001-of-00006.gguf", "Q8_0", 7],
    ["model.BF16.gguf", "BF16", 32],
    ["model-F16.gguf", "F16", 1],
    ["model-Q4_0_4_4.gguf", "Q4_0_4_4", 33],
    ["model-Q4_1_SOME_F16.gguf", "Q4_1_SOME_F16", 4],
    ["Q4_0/model-IQ4_XS.gguf", "IQ4_XS", 30],
    // bartowski's size suffix: the type it is built on (Q4_K_L and Q5_K_L on the _M type of their family)
    ["Meta-Llama-3.1-8B-Instruct-Q6_K_L.gguf", "Q6_K_L", 18],
    ["Meta-Llama-3.1-8B-Instruct-Q4_K_L.gguf", "Q4_K_L", 15],
    ["Meta-Llama-3.1-8B-Instruct-Q2_K_L.gguf", "Q2_K_L", 10],
  ])("%s → %s (%i)", (file, label, code) => {
    const found = parseQuantLabel(file);
    expect({ label: found?.label, code: found?.type.code }).toEqual({ label, code });
  });

  it("takes the last label when a name holds several", () => {
    expect(parseQuantLabel("Q4_0-finetune-Q5_K_S.gguf")?.label).toBe("Q5_K_S");
  });

  it("finds nothing in a name without a label, nor a label glued to other letters", () => {
    for (const file of ["README.md", "model.gguf", "mmproj-model.gguf", "modelQ4_K_M.gguf", "Q4_K_Mx.gguf"])
      expect(parseQuantLabel(file), file).toBeUndefined();
  });
});

describe("nearestQuant", () => {
  const available = ["Q2_K", "Q3_K_M", "Q4_K_S", "Q5_K_M", "Q8_0"];

  it("gives the wanted one when available, else the biggest smaller one", () => {
    expect(nearestQuant("Q5_K_M", available)).toBe("Q5_K_M");
    expect(nearestQuant("Q4_K_M", available)).toBe("Q4_K_S");
    expect(nearestQuant("Q6_K", available)).toBe("Q5_K_M");
    expect(nearestQuant("F16", available)).toBe("Q8_0");
  });

  it("gives nothing when every available one is bigger, or the wanted name is unknown", () => {
    expect(nearestQuant("IQ1_S", available)).toBeUndefined();
    expect(nearestQuant("Q9_Z", available)).toBeUndefined();
  });

  it("places a suffixed label just above the type it is built on", () => {
    expect(nearestQuant("Q4_K_M", ["Q4_K_L", "Q4_K_S"])).toBe("Q4_K_S");
    expect(nearestQuant("Q6_K", ["Q6_K_L", "Q5_K_L", "Q5_K_M"])).toBe("Q5_K_L");
    expect(nearestQuant("Q6_K_L", ["Q6_K_L", "Q6_K"])).toBe("Q6_K_L");
  });

  it("reads UD- labels and the MXFP4 alias as their types", () => {
    expect(nearestQuant("Q4_K_M", ["UD-Q4_K_XL", "UD-Q3_K_XL"])).toBe("UD-Q3_K_XL");
    expect(nearestQuant("Q4_K_XL", ["UD-Q4_K_XL", "MXFP4"])).toBe("UD-Q4_K_XL");
    expect(nearestQuant("Q4_0", ["MXFP4", "Q8_0"])).toBe("MXFP4");
  });
});
