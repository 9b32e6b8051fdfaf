import { UserError } from "../errors.js";
import { parseRecordJson, readRecordText } from "../validation/record-json.js";
import { firstIssue } from "../validation/json-path.js";
import { ModelRecordSchema, type ModelRecord } from "./record.js";
import { completeRecordCurl } from "./record-url.js";

/** Parses and validates a model record; `name` is how errors refer to where it came from. */
export function parseModelRecord(text: string, name: string): ModelRecord {
  const json = parseRecordJson(text, name, "model");
  // `{}`, or an object of other fields: what a record needs, and how to get one, rather than a validation path.
  if (
    json !== null &&
    typeof json === "object" &&
    !Array.isArray(json) &&
    (json as { id?: unknown }).id === undefined
  ) {
    throw new UserError(
      `${name}: not a model record: a record needs at least "id", the model's Hub id (such as {"id": "openai/whisper-large-v3"}); fetch a complete one with ${completeRecordCurl("<id>")}`,
    );
  }
  const result = ModelRecordSchema.safeParse(json);
  if (!result.success)
    throw new UserError(
      `${name}: not a valid model record: ${firstIssue(result.error)}`,
    );
  return result.data;
}

/** Reads a model record from a file, or from standard input when `source` is `-`. */
export function readModelRecord(source: string): ModelRecord {
  return parseModelRecord(
    readRecordText(source, "model"),
    source === "-" ? "<stdin>" : source,
  );
}
