import { parseRecord, readRecordText, type RecordRules } from "../validation/record-json.js";
import { ModelRecordSchema, type ModelRecord } from "./record.js";
import { completeRecordCurl } from "./record-url.js";

const modelRules: RecordRules<ModelRecord> = {
  kind: "model",
  schema: ModelRecordSchema,
  exampleId: "openai/whisper-large-v3",
  fetchCommand: completeRecordCurl,
};

/** Parses and validates a model record; `name` is how errors refer to where it came from. */
export function parseModelRecord(text: string, name: string): ModelRecord {
  return parseRecord(text, name, modelRules);
}

/** Reads a model record from a file, or from standard input when `source` is `-`. */
export function readModelRecord(source: string): ModelRecord {
  return parseModelRecord(readRecordText(source, "model"), source === "-" ? "<stdin>" : source);
}
