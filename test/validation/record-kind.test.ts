import { describe, expect, it } from "vitest";
import { kindTheRecordSays } from "../../src/validation/record-kind.js";

describe("which kind a record says it is", () => {
  it.each([
    [{ id: "a/b", pipeline_tag: "text-generation" }, "pipeline_tag"],
    [{ id: "a/b", library_name: "transformers" }, "library_name"],
    [{ id: "a/b", config: { model_type: "bert" } }, "config"],
    [{ id: "a/b", transformersInfo: { auto_model: "AutoModel" } }, "transformersInfo"],
    [{ id: "a/b", safetensors: { total: 1 } }, "safetensors"],
    [{ _id: "x", id: "a/b", inferenceProviderMapping: {} }, "inferenceProviderMapping"],
    [{ id: "a/b", widgetData: [{ text: "hi" }] }, "widgetData"],
    [{ id: "a/b", mask_token: "[MASK]" }, "mask_token"],
    [{ id: "a/b", siblings: [{ rfilename: "pytorch_model-00001-of-00002.bin" }] }, "weight files (pytorch_model-00001-of-00002.bin)"],
    [{ id: "a/b", siblings: [{ rfilename: "q/model-Q4_K_M.gguf" }] }, "weight files (q/model-Q4_K_M.gguf)"],
  ])("a model by %j", (record, field) => {
    expect(kindTheRecordSays(record)).toEqual({ kind: "model", fields: [field] });
  });

  it.each([
    [{ id: "a/b", cardData: { configs: [{ config_name: "default" }] } }, "cardData.configs"],
    [{ id: "a/b", cardData: { dataset_info: { splits: [] } } }, "cardData.dataset_info"],
    [{ id: "a/b", cardData: { task_categories: ["text-classification"] } }, "cardData.task_categories"],
    [{ id: "a/b", tags: ["language:en", "format:csv"] }, "tag format:csv"],
    [{ id: "a/b", tags: ["task_categories:translation"] }, "tag task_categories:translation"],
  ])("a dataset by %j", (record, field) => {
    expect(kindTheRecordSays(record)).toEqual({ kind: "dataset", fields: [field] });
  });

  it("says no kind for a record of neither or both kinds' fields, or no object", () => {
    for (const record of [
      { id: "a/b" },
      { id: "a/b", tags: ["license:mit"], siblings: [{ rfilename: "data/train.parquet" }] },
      { id: "a/b", pipeline_tag: "x", tags: ["format:json"] },
      [],
      null,
      "text",
    ]) {
      expect(kindTheRecordSays(record)).toBeUndefined();
    }
  });
});
