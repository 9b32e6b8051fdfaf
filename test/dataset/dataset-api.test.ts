import { describe, expect, it } from "vitest";
import * as api from "../../src/index.js";

/** The library API gives the dataset command's decision: one function from a record and options to snippets. */
describe("dataset library API", () => {
  it("answers a dataset record with typed snippets of kind dataset, as the CLI does", () => {
    const record = api.DatasetRecordSchema.parse({
      id: "someone/reviews",
      tags: ["format:json", "library:datasets", "library:pandas"],
      cardData: {
        configs: [{ config_name: "default", data_files: [{ split: "train", path: "reviews.jsonl" }] }],
      },
    });
    const answer: api.DatasetSnippets = api.getDatasetSnippets(record, {
      language: "python",
    });
    expect(answer.snippets.map((snippet) => snippet.client)).toEqual(["datasets", "pandas", "requests"]);
    expect(answer.snippets.every((snippet) => snippet.kind === "dataset")).toBe(true);
    expect(answer.snippets[1]!.content).toContain('df = pd.read_json("hf://datasets/someone/reviews/reviews.jsonl", lines=True)');
    expect(answer).toMatchObject({
      config: "default",
      split: "train",
      notes: [],
    });
  });

  it("exports the dataset libraries and the record reader", () => {
    expect(api.listDatasetLibraries().map((library) => library.key)).toContain("duckdb");
    expect(api.getDatasetLibrary("polars")?.prettyLabel).toBe("Polars");
    expect(() => api.parseDatasetRecord('{"id": 3}', "x.json")).toThrow(api.UserError);
    expect(api.listDatasetLibraries().map((library) => library.key)).toContain("webdataset");
  });
});
