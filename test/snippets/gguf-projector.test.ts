import { describe, expect, it } from "vitest";
import { readModelRecord } from "../../src/model/read.js";
import { projectorFor } from "../../src/model/gguf-projector.js";
import type { Sibling } from "../../src/model/siblings.js";
import { getLocalAppSnippets } from "../helpers/record-twins.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";

/*
 * The vision projector llama.cpp's `-hf` fetches beside the weights (src/model/gguf-projector.ts, from
 * find_best_mmproj in llama.cpp's common/download.cpp at 0216dab3), one expectation per rule, and `--memory`
 * counting it for the apps that fetch it (issue 66, item 6).
 */

const files = (...names: string[]): Sibling[] => names.map((file) => ({ file, size: undefined }));
const pick = (model: string, ...names: string[]) => projectorFor(files(...names), model)?.file;

describe("the projector llama.cpp fetches with a model file", () => {
  it("is a .gguf file whose path holds `mmproj`, as written", () => {
    expect(pick("m-Q4_K_M.gguf", "mmproj-F16.gguf")).toBe("mmproj-F16.gguf");
    expect(pick("m-Q4_K_M.gguf", "llava-v1.6-mmproj-f16.gguf")).toBe("llava-v1.6-mmproj-f16.gguf");
    expect(pick("m-Q4_K_M.gguf", "MMPROJ-F16.gguf", "mmproj-F16.safetensors")).toBeUndefined();
  });

  it("lies in the model's folder or above it, never in another folder; the deepest wins", () => {
    expect(pick("m-Q4_K_M.gguf", "vision/mmproj-F16.gguf")).toBeUndefined();
    expect(pick("Q4_K_M/m-Q4_K_M.gguf", "mmproj-F16.gguf")).toBe("mmproj-F16.gguf");
    expect(pick("Q4_K_M/m-Q4_K_M.gguf", "mmproj-F16.gguf", "Q4_K_M/mmproj-F32.gguf")).toBe("Q4_K_M/mmproj-F32.gguf");
    expect(pick("Q4_K_M/m-Q4_K_M.gguf", "Q8_0/mmproj-Q8_0.gguf")).toBeUndefined();
  });

  it("is, among those, the one whose bits are nearest the model's, the first of a tie", () => {
    expect(pick("m-Q8_0.gguf", "mmproj-F32.gguf", "mmproj-BF16.gguf", "mmproj-F16.gguf")).toBe("mmproj-BF16.gguf");
    expect(pick("m-F32.gguf", "mmproj-F16.gguf", "mmproj-F32.gguf")).toBe("mmproj-F32.gguf");
    // A split file's bits are read without its part suffix; a name without a number reads 0 bits.
    expect(pick("m-Q4_K_M-00001-of-00002.gguf", "mmproj-F16.gguf", "mmproj-Q4_0.gguf")).toBe("mmproj-Q4_0.gguf");
    expect(pick("model.gguf", "mmproj-F16.gguf", "mmproj.gguf")).toBe("mmproj.gguf");
  });
});

describe("--memory with a vision GGUF", () => {
  // Q8_0 is 12.5 GB (+2.5 GB for the context); the projector llama.cpp fetches with it, mmproj-BF16, 0.854 GB.
  const gemma = readModelRecord("test/fixtures/issue42/unsloth-gemma-3-12b-it-gguf-mmproj.json");

  it("counts the projector for llama.cpp, which fetches it: 15.5 GB holds Q6_K, not Q8_0", () => {
    const [server] = getLocalAppSnippets(gemma, "llama.cpp", { memory: "15.5GB" });
    expect(server?.content).toContain("llama-server -hf unsloth/gemma-3-12b-it-GGUF:Q6_K");
    expect(server?.content).toContain("9.66 GB of weights + 854 MB for the vision projector + 1.93 GB for the context");
    expect(getLocalAppSnippets(gemma, "llama.cpp", { memory: "16GB" })[0]?.content).toContain(":Q8_0");
  });

  it("gives the browser's page the quantization its llama.cpp snippet runs", () => {
    const answer = pageAnswer(gemma, { provider: undefined, policy: undefined, stream: false, memory: "8GB" });
    expect(answer.page?.quant?.chosen).toBe("Q2_K");
    const llamaCpp = answer.snippets.find((snippet) => snippet.client === "llama.cpp");
    expect(llamaCpp?.content).toContain("llama-server -hf unsloth/gemma-3-12b-it-GGUF:Q2_K");
  });

  it("says so when the smallest does not fit with it", () => {
    expect(() => getLocalAppSnippets(gemma, "llama.cpp", { memory: "5.5GB" })).toThrow(
      /the smallest, Q2_K, needs 6\.58 GB \(4\.77 GB \+ 854 MB for the vision projector mmproj-BF16\.gguf \+ 954 MB for the context\)/,
    );
  });
});
