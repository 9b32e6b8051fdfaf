import { parseRecord, readRecordText, type RecordRules } from "../validation/record-json.js";
import { DatasetRecordSchema, type DatasetRecord } from "./record.js";
import { datasetRecordCurl } from "./record-url.js";

const datasetRules: RecordRules<DatasetRecord> = {
  kind: "dataset",
  schema: DatasetRecordSchema,
  exampleId: "stanfordnlp/imdb",
  fetchCommand: datasetRecordCurl,
};

/** Parses and validates a dataset record; `name` is how errors refer to where it came from. */
export function parseDatasetRecord(text: string, name: string): DatasetRecord {
  return parseRecord(text, name, datasetRules);
}

/** Reads a dataset record from a file, or from standard input when `source` is `-`. */
export function readDatasetRecord(source: string): DatasetRecord {
  return parseDatasetRecord(readRecordText(source, "dataset"), source === "-" ? "<stdin>" : source);
}
