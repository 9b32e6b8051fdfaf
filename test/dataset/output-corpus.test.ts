import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { datasetClientNames } from "../../src/dataset/client-names.js";
import { decideDataset, noDatasetCode } from "../../src/dataset/decision.js";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { datasetAnswerOf, type DatasetSnippetOptions } from "../../src/dataset/snippets.js";
import type { DatasetRecord } from "../../src/dataset/record.js";
import { datasetView } from "../../src/dataset/view.js";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { languages } from "../../src/code/languages.js";
import { outcome } from "../helpers/output-corpus.js";
import { movedFromDigest } from "../helpers/output-digest.js";

/*
 * What the product writes from every dataset record we hold (examples/datasets/, test/fixtures/dataset-layouts/) is
 * what it wrote when the digest was taken, as test/model/output-corpus.test.ts holds a model's: the answer for each
 * filter and choice, the "no code" error where a filter leaves nothing, and the notebook. A change meant to keep the
 * output moves no byte; one meant to move it updates the digest on purpose (HUB_SNIPPETS_OUTPUT_UPDATE=1).
 */

const digestFile = new URL("../fixtures/output-corpus/dataset-digest.json", import.meta.url);
const folders = ["examples/datasets/", "test/fixtures/dataset-layouts/"];
const root = new URL("../../", import.meta.url);
const records = folders.flatMap((folder) =>
  readdirSync(new URL(folder, root))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => `${folder}${file}`),
);

const optionSets: Record<string, DatasetSnippetOptions> = {
  default: {},
  "id only": { idOnly: true },
  "split test": { split: "test" },
  "config missing": { config: "no-such-config" },
  ...Object.fromEntries(languages.map((language) => [`language ${language}`, { language }])),
  ...Object.fromEntries(datasetClientNames.map((client) => [`client ${client}`, { client }])),
};

/** Everything written from one dataset record, errors as values (its parse error too). */
function renderDataset(file: string): Record<string, unknown> {
  const text = readFileSync(new URL(file, root), "utf8");
  let record: DatasetRecord;
  try {
    record = parseDatasetRecord(text, file);
  } catch (error) {
    return {
      parse: outcome(() => {
        throw error;
      }),
    };
  }
  const out: Record<string, unknown> = {};
  for (const [name, options] of Object.entries(optionSets)) {
    out[name] = outcome(() => {
      const decision = decideDataset(datasetView(record), options);
      const answer = datasetAnswerOf(decision, options);
      // What the command says when the filter leaves nothing.
      return answer.snippets.length > 0 ? answer : { answer, noCode: noDatasetCode(decision, options).message };
    });
  }
  out["notebook"] = outcome(() => getDatasetNotebook(record));
  return out;
}

describe("the output over the dataset records", () => {
  it("is byte for byte what the digest says, record by record", () => {
    expect(records.length).toBeGreaterThan(40);
    const output = Object.fromEntries(records.map((file) => [file, renderDataset(file)]));
    expect(movedFromDigest(output, digestFile), "records whose output moved (HUB_SNIPPETS_OUTPUT_DUMP=<file> writes it all)").toEqual([]);
  }, 300_000);
});
