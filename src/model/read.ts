import { readFileSync, statSync } from "node:fs";
import { UserError } from "../errors.js";
import { firstIssue } from "../validation/json-path.js";
import { ModelRecordSchema, type ModelRecord } from "./record.js";

/** Real Hub records are a few kilobytes; anything this large is not a model record. */
const maxRecordBytes = 16 * 1024 * 1024;

function describeReadError(source: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `${source}: no such file`;
  if (code === "EISDIR") return `${source}: is a directory, not a model record file`;
  if (code === "EACCES") return `${source}: permission denied`;
  return `${source}: cannot read (${(error as Error).message})`;
}

function readSource(source: string): string {
  if (source === "-") {
    const text = readFileSync(0, "utf8");
    if (text.trim() === "") throw new UserError("<stdin>: empty input; expected a model record as JSON");
    return text;
  }
  try {
    const size = statSync(source).size;
    if (size > maxRecordBytes) throw new UserError(`${source}: file is too large for a model record (${size} bytes)`);
    return readFileSync(source, "utf8");
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(describeReadError(source, error));
  }
}

/** A JSON.parse error on one printable line, with `line L column C` when V8 reports a position. */
function describeJsonError(text: string, error: Error): string {
  const message = error.message.replace(/^(Unexpected token .*?), ".*" is not valid JSON$/s, "$1");
  const position = /position (\d+)/.exec(message)?.[1];
  let where = message;
  if (position !== undefined) {
    const before = text.slice(0, Number(position));
    const line = before.split("\n").length;
    const column = before.length - before.lastIndexOf("\n");
    where = `${message.replace(/ in JSON at position \d+.*$/s, "")} at line ${line} column ${column}`;
  }
  // Bytes of a binary file may be quoted in the message; keep the diagnostic on one readable line.
  return where.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** Parses and validates a model record; `name` is how errors refer to where it came from. */
export function parseModelRecord(text: string, name: string): ModelRecord {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UserError(`${name}: invalid JSON: ${describeJsonError(text, error as Error)}`);
  }
  const result = ModelRecordSchema.safeParse(json);
  if (!result.success) throw new UserError(`${name}: not a valid model record: ${firstIssue(result.error)}`);
  return result.data;
}

/** Reads a model record from a file, or from standard input when `source` is `-`. */
export function readModelRecord(source: string): ModelRecord {
  return parseModelRecord(readSource(source), source === "-" ? "<stdin>" : source);
}
