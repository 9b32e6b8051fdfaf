import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { UserError } from "../errors.js";
import type { JsonSchemaOption } from "../inference/structured-output.js";
import { jsonSyntaxError } from "../validation/json-error-location.js";

/** A JSON schema is a few kilobytes; past this a file is not one (and its code would be unreadable). */
export const maxJsonSchemaBytes = 1024 * 1024;

function readError(flag: string, file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `${flag} ${file}: no such file`;
  if (code === "EISDIR") return `${flag} ${file}: is a directory, not a JSON file`;
  if (code === "EACCES") return `${flag} ${file}: permission denied`;
  return `${flag} ${file}: cannot read (${(error as Error).message})`;
}

/** `json_schema.name` from the file's name: its letters, digits, `_` and `-` (others as `_`), at most 64; else `response`. */
function nameOf(file: string): string {
  const stem = basename(file)
    .replace(/\.json$/i, "")
    .replace(/[^A-Za-z0-9_-]/g, "_")
    .slice(0, 64);
  return /[A-Za-z0-9]/.test(stem) ? stem : "response";
}

/**
 * The JSON of an option's file (`--json-schema`, `--tools`), read as data (it enters the code through the literal
 * writers only), with one-line errors (exit 2): a missing or huge file, invalid JSON (with where it breaks). The
 * core checks what it holds (responseFormatOf, toolsOf).
 */
export function readOptionJson(flag: string, file: string, what: string): unknown {
  let text: string;
  try {
    const size = statSync(file).size;
    if (size > maxJsonSchemaBytes) throw new UserError(`${flag} ${file}: the file is too large for ${what} (${size} bytes; at most ${maxJsonSchemaBytes})`);
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(readError(flag, file, error));
  }
  try {
    return JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "").replace(/, (?:\.\.\.)?".*$/s, "");
    throw new UserError(`${flag} ${file}: invalid JSON${jsonSyntaxError(text).location}: ${reason}`);
  }
}

/** The schema of `--json-schema <file>`, named after the file. */
export function readJsonSchemaFile(file: string): JsonSchemaOption {
  return { schema: readOptionJson("--json-schema", file, "a JSON schema"), name: nameOf(file) };
}
