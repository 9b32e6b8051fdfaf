import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { UserError } from "../errors.js";
import type { JsonSchemaOption } from "../snippets/inference/structured-output.js";
import { jsonSyntaxError } from "../validation/json-error-location.js";

/** A JSON schema is a few kilobytes; past this a file is not one (and its code would be unreadable). */
export const maxJsonSchemaBytes = 1024 * 1024;

function readError(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `--json-schema ${file}: no such file`;
  if (code === "EISDIR") return `--json-schema ${file}: is a directory, not a JSON schema file`;
  if (code === "EACCES") return `--json-schema ${file}: permission denied`;
  return `--json-schema ${file}: cannot read (${(error as Error).message})`;
}

/** `json_schema.name` from the file's name: its letters, digits, `_` and `-` (others as `_`), at most 64; else `response`. */
function nameOf(file: string): string {
  const stem = basename(file).replace(/\.json$/i, "").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64);
  return /[A-Za-z0-9]/.test(stem) ? stem : "response";
}

/**
 * The schema of `--json-schema <file>`, read as data (it enters the code through the literal writers only), with
 * one-line errors (exit 2): a missing or huge file, invalid JSON (with where it breaks). responseFormatOf checks
 * what it holds.
 */
export function readJsonSchemaFile(file: string): JsonSchemaOption {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > maxJsonSchemaBytes) throw new UserError(`--json-schema ${file}: the file is too large for a JSON schema (${size} bytes; at most ${maxJsonSchemaBytes})`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(readError(file, error));
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "").replace(/, (?:\.\.\.)?".*$/s, "");
    throw new UserError(`--json-schema ${file}: invalid JSON${jsonSyntaxError(text).location}: ${reason}`);
  }
  return { schema, name: nameOf(file) };
}
