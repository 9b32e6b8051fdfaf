import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { listDatasetLibraries } from "../../src/catalogue/dataset-libraries.js";
import { DatasetLibrarySchema } from "../../src/catalogue/schema.js";
import { datasetClientNames } from "../../src/dataset/client-names.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { byKey, factDifferences, oracleDatasetLibraries, tasksPackage } from "../helpers/oracle.js";

const data: unknown = JSON.parse(readFileSync(`${dataDir}dataset-libraries.json`, "utf8"));

describe("the dataset library registry (data/dataset-libraries.json)", () => {
  it("matches its schema", () => {
    const result = z.array(DatasetLibrarySchema).safeParse(data);
    expect(result.success ? undefined : `data/dataset-libraries.json ${firstIssue(result.error)}`).toBeUndefined();
  });

  it(`holds every dataset library of ${tasksPackage}, in its order, with its label, repository and docs URL`, () => {
    const ours = listDatasetLibraries().map(({ description: _description, snippets: _snippets, ...facts }) => facts);
    expect(factDifferences("dataset library", tasksPackage, byKey(oracleDatasetLibraries, "key"), "data/dataset-libraries.json", byKey(ours, "key"))).toEqual(
      [],
    );
    expect(ours.map((library) => library.key)).toEqual(oracleDatasetLibraries.map((library) => library.key));
  });

  it("names the fact when one is wrong", () => {
    const ours = listDatasetLibraries().map(({ description: _description, snippets: _snippets, ...facts }) => facts);
    const damaged = ours
      .filter((library) => library.key !== "dask")
      .map((library) => (library.key === "polars" ? { ...library, repoUrl: "https://example.com/polars" } : library));
    expect(
      factDifferences("dataset library", tasksPackage, byKey(oracleDatasetLibraries, "key"), "data/dataset-libraries.json", byKey(damaged, "key")),
    ).toEqual([
      `dataset library 'dask' is in ${tasksPackage} but missing from data/dataset-libraries.json`,
      `dataset library 'polars' repoUrl is "https://github.com/pola-rs/polars" in ${tasksPackage} but "https://example.com/polars" in data/dataset-libraries.json`,
    ]);
  });

  it("says a library has snippets exactly when the dataset command writes its code", () => {
    const written = listDatasetLibraries()
      .filter((library) => library.snippets)
      .map((library) => library.key);
    expect(written.sort()).toEqual(datasetClientNames.filter((client) => listDatasetLibraries().some((library) => library.key === client)).sort());
  });
});
