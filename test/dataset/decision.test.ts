import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { datasetClients } from "../../src/dataset/clients.js";
import { decideDataset, noDatasetCode } from "../../src/dataset/decision.js";
import { DatasetRecordSchema } from "../../src/dataset/record.js";
import { datasetAnswerOf, getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetView } from "../../src/dataset/view.js";

/*
 * decide → filter, as the model side has it (issue 65): decideDataset holds each client's unit, whether it is offered
 * and whether it reads the data, and the notes with when each holds; datasetAnswerOf shows what a filter takes, and
 * getDatasetSnippets is the two in one call. The outputs of the records we hold are the same as before the split
 * (compared over 48 records × 19 filters and the CLI's 300 "no code" errors when it landed).
 */
const read = (file: string) => DatasetRecordSchema.parse(JSON.parse(readFileSync(new URL(file, import.meta.url), "utf8")));
const imdb = read("../../examples/datasets/imdb.json");
const speech = read("../fixtures/dataset-layouts/audiofolder.json");

describe("the dataset decision", () => {
  it("holds a unit per client of the table, in its order, written only when shown", () => {
    const decision = decideDataset(datasetView(imdb));
    expect(decision.units.map((unit) => unit.client)).toEqual(datasetClients.map((entry) => entry.client));
    const pandas = decision.units.find((unit) => unit.client === "pandas")!;
    expect(pandas).toMatchObject({ language: "python", offered: true, reads: true, refusal: undefined });
    expect(pandas.write()).toBe(pandas.write());
  });

  it("answers a filter as getDatasetSnippets does", () => {
    const decision = decideDataset(datasetView(imdb));
    for (const filter of [{}, { language: "sh" }, { client: "polars" }, { language: "js", client: "fetch" }])
      expect(datasetAnswerOf(decision, filter)).toEqual(getDatasetSnippets(imdb, filter));
    expect(datasetAnswerOf(decision, { language: "sh" }).snippets.map((snippet) => snippet.client)).toEqual(["hf", "curl"]);
  });

  it("says why a client has no code, from the rows: a builder only 🤗 Datasets reads", () => {
    const decision = decideDataset(datasetView(speech));
    expect(datasetAnswerOf(decision, { client: "pandas" }).snippets).toEqual([]);
    const error = noDatasetCode(decision, { client: "pandas" });
    expect(error.exitCode).toBe(1);
    expect(error.message).toMatch(
      /^no pandas code for someone\/speech \(its files are read by 🤗 Datasets' audiofolder builder: --client datasets\); code exists for: python\/datasets,/,
    );
  });

  it("keeps the table readers' builders and the viewer's calls on the client rows", () => {
    const builders = new Set(datasetClients.flatMap((entry) => entry.builders ?? []));
    expect([...builders].sort()).toEqual(["csv", "json", "parquet", "webdataset"]);
    expect(datasetClients.filter((entry) => entry.viewer).map((entry) => entry.client)).toEqual(["requests", "fetch", "curl"]);
  });

  it("refuses a disabled dataset as having no code (exit 1)", () => {
    expect(() => decideDataset(datasetView({ ...imdb, disabled: true }))).toThrow(/is disabled on the Hub/);
  });
});
