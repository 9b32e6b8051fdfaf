import { UserError } from "../errors.js";
import { UnsendableShellText, unsendableInShell } from "../values/unsendable-text.js";
import { jsonPath } from "./json-path.js";

/** Every string of a record (keys included) that no shell word can carry, with its JSON path. */
function unsendableFields(record: unknown): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value: record, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === "string") {
      if (unsendableInShell(value)) found.push({ path: jsonPath(path), text: value });
    } else if (Array.isArray(value)) value.forEach((entry, index) => pending.push({ value: entry, path: [...path, index] }));
    else if (value !== null && typeof value === "object")
      for (const [key, entry] of Object.entries(value)) {
        if (unsendableInShell(key)) found.push({ path: `${jsonPath(path)} (a key)`, text: key });
        pending.push({ value: entry, path: [...path, key] });
      }
  }
  return found.reverse();
}

/**
 * Runs `write`; a shell word it could not write (a NUL or a lone surrogate, which no argument can carry) becomes
 * a UserError (exit 2) naming the record's field that holds it: the field whose text the word holds, or holds part of.
 */
export function refusingUnsendable<T>(record: { id: string }, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (!(error instanceof UnsendableShellText)) throw error;
    const fields = unsendableFields(record);
    const field = fields.find(({ text }) => error.text.includes(text) || text.includes(error.text)) ?? fields[0];
    const what = error.text.includes("\u0000") ? "a NUL" : "a lone surrogate";
    throw new UserError(
      `${record.id}: ${field?.path ?? "a field"} holds ${what}, which no shell word can carry (the shell code would send other text)`,
      undefined,
      {
        cause: error,
      },
    );
  }
}
