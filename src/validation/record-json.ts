import { readFileSync, statSync } from "node:fs";
import { UserError } from "../errors.js";
import { maxDataDepth } from "../values/data-value.js";
import { jsonSyntaxError } from "./json-error-location.js";
import { firstIssue, type ValidationError } from "./json-path.js";
import { kindTheRecordSays, type RecordKind } from "./record-kind.js";
import { configureZod } from "./zod-config.js";

/**
 * Most Hub records are a few kilobytes, but a large dataset's lists 100,000 files and more (7 MB): those are exactly
 * the records whose users need help. Past 256 MB a file is not a record.
 */
const maxRecordBytes = 256 * 1024 * 1024;

/** Hub records nest a few levels; the literal writers refuse values nested deeper (they would exhaust the stack). */
const maxNesting = maxDataDepth;

function describeReadError(source: string, error: unknown, kind: RecordKind): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `${source}: no such file`;
  if (code === "EISDIR") return `${source}: is a directory, not a ${kind} record file`;
  if (code === "EACCES") return `${source}: permission denied`;
  return `${source}: cannot read (${(error as Error).message})`;
}

/** The text of a record file, or of standard input when `source` is `-`, with one-line errors. */
export function readRecordText(source: string, kind: RecordKind): string {
  if (source === "-") {
    const text = readFileSync(0, "utf8");
    if (text.length > maxRecordBytes) throw new UserError(`<stdin>: input is too large for a ${kind} record (over ${maxRecordBytes} bytes)`);
    return text;
  }
  try {
    const size = statSync(source).size;
    if (size > maxRecordBytes) throw new UserError(`${source}: file is too large for a ${kind} record (${size} bytes)`);
    return readFileSync(source, "utf8");
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(describeReadError(source, error, kind));
  }
}

/** The JSON path of the first value nested deeper than `limit` levels, found without recursion. */
function deeperThan(json: unknown, limit: number): string | undefined {
  // Each pending value keeps its parent and its step, so a path is written only for the one value that is too deep
  // (a record of 100,000 files would otherwise build 200,000 path strings to find none).
  interface Pending {
    value: unknown;
    depth: number;
    parent: Pending | undefined;
    step: string | number;
  }
  const pathOf = (item: Pending): string => {
    let path = "";
    for (let at: Pending | undefined = item; at?.parent; at = at.parent) path = `${typeof at.step === "number" ? `[${at.step}]` : `.${at.step}`}${path}`;
    return `$${path}`;
  };
  const pending: Pending[] = [{ value: json, depth: 0, parent: undefined, step: "" }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const value = item.value;
    if (value === null || typeof value !== "object") continue;
    if (item.depth >= limit) return pathOf(item);
    if (Array.isArray(value))
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index], depth: item.depth + 1, parent: item, step: index });
    else {
      const keys = Object.keys(value);
      for (let index = keys.length - 1; index >= 0; index -= 1)
        pending.push({ value: (value as Record<string, unknown>)[keys[index]!], depth: item.depth + 1, parent: item, step: keys[index]! });
    }
  }
  return undefined;
}

/** The JSON of a record's text, parsed with one-line errors (where the syntax breaks; a value nested too deep). */
function parseRecordJson(text: string, name: string, kind: RecordKind, fetchCommand?: string): unknown {
  let json: unknown;
  try {
    // Editors on Windows may start a UTF-8 file with a byte-order mark, which JSON.parse rejects.
    json = JSON.parse(text.startsWith("\uFEFF") ? text.slice(1) : text);
  } catch (error) {
    const syntax = jsonSyntaxError(text);
    if (syntax.endsEarly) {
      const again = fetchCommand === undefined ? "fetch it again" : `fetch it again, such as ${fetchCommand}`;
      const what = name === "<stdin>" ? "input" : "file";
      throw new UserError(`${name}: the ${what} ends early${syntax.location}: its JSON is cut short, as an interrupted download leaves it; ${again}`);
    }
    const reason = (error as Error).message.replace(/ in JSON at position \d+.*$/s, "").replace(/, (?:\.\.\.)?".*$/s, "");
    throw new UserError(`${name}: invalid JSON${syntax.location}: ${reason}`);
  }
  const tooDeep = deeperThan(json, maxNesting);
  if (tooDeep) throw new UserError(`${name}: not a valid ${kind} record: ${tooDeep}: nested more than ${maxNesting} levels deep`);
  return json;
}

/** A record of the other kind than the one asked for: a model record given where a dataset record is read, or the reverse. */
export class RecordOfOtherKind extends UserError {
  constructor(
    message: string,
    /** The kind the record says it is. */
    readonly says: RecordKind,
  ) {
    super(message);
    this.name = "RecordOfOtherKind";
  }
}

/** What a record of a kind must be, and what its messages say when it has no id. */
export interface RecordRules<T> {
  kind: RecordKind;
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: ValidationError } };
  /** A record of the kind with only its id, as the message shows it: {"id": "openai/whisper-large-v3"}. */
  exampleId: string;
  /** The command that fetches a complete record of an id. */
  fetchCommand: (id: string) => string;
}

/** The Hub's answer to a request that failed (`{"error": "Repository not found"}`): its message, or undefined. */
function hubErrorMessage(json: unknown): string | undefined {
  if (json === null || typeof json !== "object" || Array.isArray(json)) return undefined;
  const { error, id } = json as { error?: unknown; id?: unknown };
  return typeof error === "string" && id === undefined ? error : undefined;
}

/** The Hub's message as a message quotes it: in JSON quotes, its control characters escaped, at most 300 characters. */
const quoted = (message: string) => JSON.stringify(message.length > 300 ? `${message.slice(0, 300)}…` : message);

/** Text that is no record at all: empty (a failed download), an HTML page, or the Hub's error answer. */
function notARecord(text: string, name: string, kind: RecordKind, fetchCommand: string): UserError | undefined {
  if (text.trim() === "") {
    return new UserError(
      `${name}: empty ${name === "<stdin>" ? "input" : "file"}, not a ${kind} record (what a failed download leaves: run the command that fetched it alone to see its error, such as ${fetchCommand})`,
    );
  }
  if (/^\uFEFF?\s*</.test(text)) {
    return new UserError(
      `${name}: an HTML page, not a ${kind} record (the Hub answers a record as JSON at https://huggingface.co/api/${kind}s/<id>, not at the ${kind}'s web page)`,
    );
  }
  return undefined;
}

/** Parses and validates a record; `name` is how errors refer to where it came from (a file, <stdin>). */
export function parseRecord<T>(text: string, name: string, rules: RecordRules<T>): T {
  const notOne = notARecord(text, name, rules.kind, rules.fetchCommand("<id>"));
  if (notOne) throw notOne;
  const json = parseRecordJson(text, name, rules.kind, rules.fetchCommand("<id>"));
  const hubError = hubErrorMessage(json);
  if (hubError !== undefined) {
    const notFound = /not found/i.test(hubError)
      ? ` (check the id; a private ${rules.kind} answers so without a token: add -H "Authorization: Bearer $HF_TOKEN" to curl)`
      : "";
    throw new UserError(`${name}: the Hub's error answer, not a ${rules.kind} record: ${quoted(hubError)}${notFound}`);
  }
  const says = kindTheRecordSays(json);
  if (says !== undefined && says.kind !== rules.kind) {
    throw new RecordOfOtherKind(`${name}: a ${says.kind} record, not a ${rules.kind} record (it has ${says.fields.join(", ")})`, says.kind);
  }
  // `{}`, or an object of other fields: what a record needs, and how to get one, rather than a validation path.
  if (json !== null && typeof json === "object" && !Array.isArray(json) && (json as { id?: unknown }).id === undefined) {
    throw new UserError(
      `${name}: not a ${rules.kind} record: a record needs at least "id", the ${rules.kind}'s Hub id (such as {"id": "${rules.exampleId}"}); fetch a complete one with ${rules.fetchCommand("<id>")}`,
    );
  }
  configureZod();
  const result = rules.schema.safeParse(json);
  if (!result.success) throw new UserError(`${name}: not a valid ${rules.kind} record: ${firstIssue(result.error)}`);
  return result.data;
}
