import { describe, expect, it } from "vitest";
import { listQuantTypes, listQuantTypesByBits, listTensorTypes } from "../../src/catalogue/quant.js";
import { runCli } from "../helpers/cli.js";

describe("hub-snippets quant", () => {
  it("lists the file types biggest first as aligned text, and as JSON", () => {
    const { stdout, code } = runCli(["quant", "list"]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+CODE\s+KIND\s+BITS\/WEIGHT$/);
    expect(lines[1]).toMatch(/^F32\s+0\s+float\s+32$/);
    expect(lines).toHaveLength(listQuantTypes().length + 1);
    expect(JSON.parse(runCli(["quant", "list", "--json"]).stdout)).toEqual(listQuantTypesByBits());
    expect(JSON.parse(runCli(["quant", "list", "--tensor", "--json"]).stdout)).toEqual(listTensorTypes());
  });

  it("parses a file name: label, type and code, or JSON", () => {
    expect(runCli(["quant", "parse", "gpt-oss-20b-UD-Q4_K_XL.gguf"]).stdout).toMatch(/^UD-Q4_K_XL: Q4_K_XL, GGUF file type 1002, /);
    expect(runCli(["quant", "parse", "Meta-Llama-3.1-8B-Instruct-Q5_K_L.gguf"]).stdout).toMatch(/^Q5_K_L: Q5_K_M with a size suffix .*GGUF file type 17, /);
    expect(JSON.parse(runCli(["quant", "parse", "x-q8_0.gguf", "--json"]).stdout)).toEqual({
      label: "Q8_0",
      name: "Q8_0",
      code: 7,
      kind: "legacy",
      sizeRank: 4,
    });
  });

  it("exits 1 with one line when the name holds no label", () => {
    const { stdout, stderr, code } = runCli(["quant", "parse", "README.md"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^hub-snippets: no quantization label in 'README.md'/);
    expect(stderr.trimEnd().split("\n")).toHaveLength(1);
  });
});
