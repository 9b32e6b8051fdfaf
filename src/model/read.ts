import { readFileSync, statSync } from "node:fs";
import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";
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

/** Where the first JSON syntax error is, as `line L column C` (jsonc-parser finds it when V8 does not say). */
function jsonErrorLocation(text: string): string {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return "";
  const before = text.slice(0, first.offset);
  const line = before.split("\n").length;
  const column = before.length - before.lastIndexOf("\n");
  return ` at line ${line} column ${column} (${printParseErrorCode(first.error)})`;
}

/** Parses and validates a model record; `name` is how errors refer to where it came from. */
export function parseModelRecord(text: string, name: string): ModelRecord {
  let json: unknown;
  try {
    // Editors on Windows may start a UTF-8 file with a byte-order mark, which JSON.parse rejects.
    json = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "").replace(/, (?:\.\.\.)?".*$/s, "");
    throw new UserError(`${name}: invalid JSON${jsonErrorLocation(text)}: ${reason}`);
  }
  const result = ModelRecordSchema.safeParse(json);
  if (!result.success) throw new UserError(`${name}: not a valid model record: ${firstIssue(result.error)}`);
  return result.data;
}

/** Reads a model record from a file, or from standard input when `source` is `-`. */
export function readModelRecord(source: string): ModelRecord {
  return parseModelRecord(readSource(source), source === "-" ? "<stdin>" : source);
}
