import type { RecordAccess } from "../model/access.js";
import { withAccessNote, type HubSignIn } from "./access-note.js";
import type { Language } from "./languages.js";
import { withAnsiCNote } from "./literals/shell.js";

/**
 * A snippet's code as every producer finishes it: shell code that holds a $'…' word gets the note that says which
 * shells take it, then code that downloads a gated or private repository gets its access note first (with the app's
 * own way of signing in where it has one). `access` is left out by code that downloads nothing of the record's.
 */
export function finishedCode(language: Language, code: string, access?: RecordAccess, signIn?: HubSignIn): string {
  const marked = language === "sh" ? withAnsiCNote(code) : code;
  return access === undefined ? marked : withAccessNote(access, language, marked, signIn);
}
