import { UserError } from "../errors.js";
import { firstIssue } from "../validation/json-path.js";
import { parseRecordJson, readRecordText } from "../validation/record-json.js";
import { DatasetRecordSchema, type DatasetRecord } from "./record.js";
import { datasetRecordCurl } from "./record-url.js";

/** Parses and validates a dataset record; `name` is how errors refer to where it came from. */
export function parseDatasetRecord(text: string, name: string): DatasetRecord {
  const json = parseRecordJson(text, name, "dataset");
  if (
    json !== null &&
    typeof json === "object" &&
    !Array.isArray(json) &&
    (json as { id?: unknown }).id === undefined
  ) {
    throw new UserError(
      `${name}: not a dataset record: a record needs at least "id", the dataset's Hub id (such as {"id": "stanfordnlp/imdb"}); fetch a complete one with ${datasetRecordCurl("<id>")}`,
    );
  }
  const result = DatasetRecordSchema.safeParse(json);
  if (!result.success)
    throw new UserError(
      `${name}: not a valid dataset record: ${firstIssue(result.error)}`,
    );
  return result.data;
}

/** Reads a dataset record from a file, or from standard input when `source` is `-`. */
export function readDatasetRecord(source: string): DatasetRecord {
  return parseDatasetRecord(
    readRecordText(source, "dataset"),
    source === "-" ? "<stdin>" : source,
  );
}
