import { existsSync } from "node:fs";
import { readDatasetRecord } from "../dataset/read.js";
import type { DatasetRecord } from "../dataset/record.js";
import { datasetRecordCurl } from "../dataset/record-url.js";
import { UserError } from "../errors.js";
import { modelIdPattern } from "../model/model-id.js";
import { readingTheKindMeant } from "./command-meant.js";
import { datasetExamplesDir, examplePrefix, exampleNames } from "./example-names.js";
import { sayWhenReadingTerminal } from "./stdin-notice.js";

/**
 * Where the dataset command reads a record from: a file, `-` for stdin, or `example:<name>`, a dataset record
 * shipped in the package's examples/datasets/. An argument that is no file but looks like a dataset id gets the
 * command that fetches its record.
 */
export function readDatasetArgument(source: string): DatasetRecord {
  if (source.startsWith(examplePrefix)) {
    const name = source.slice(examplePrefix.length);
    const names = exampleNames(datasetExamplesDir);
    if (!names.includes(name) && exampleNames().includes(name))
      throw new UserError(`${source}: a model example, not a dataset record; for its snippets: hub-snippets snippet ${source}`);
    if (!names.includes(name))
      throw new UserError(`${source}: no such dataset example; the shipped dataset examples: ${names.map((known) => `${examplePrefix}${known}`).join(", ")}`);
    return readDatasetRecord(`${datasetExamplesDir}${name}.json`);
  }
  if (source === "-") sayWhenReadingTerminal("dataset");
  try {
    return readingTheKindMeant(source, () => readDatasetRecord(source));
  } catch (error) {
    if (!(error instanceof UserError) || source === "-" || existsSync(source) || !modelIdPattern.test(source) || source.endsWith(".json")) throw error;
    throw new UserError(
      `${source}: no such file; to use the Hub dataset of that id, fetch its record (the tool itself makes no network call): ${datasetRecordCurl(source)} | hub-snippets dataset -; or get the generic code: hub-snippets dataset --id ${source}`,
    );
  }
}
