import { refusingUnsendable } from "../validation/unsendable-field.js";
import type { Language } from "./languages.js";

/** A generated piece of code: what the library returns and the CLI prints. */
export interface Snippet {
  language: Language;
  /** The client (for inference snippets), or the library or app the snippet is for. */
  client: string;
  /** The code alone. */
  content: string;
  /** What it needs installed first: a shell command line (`pip install -U requests`); absent when nothing. */
  install?: string;
}

/**
 * Code a decision can write, named by its client (and its language, where that is known before it is written: an
 * inference client's; a library or an app writes snippets in several). Written when an answer shows it, once.
 */
export interface CodeUnit {
  language?: Language;
  client: string;
  write: () => readonly Snippet[];
}

/**
 * A unit whose snippets are written on the first call and kept. A value of the record that no shell word can carry
 * is refused where it is written, as a UserError naming the record's field (refusingUnsendable): no face has to ask.
 */
export function codeUnit(client: string, language: Language | undefined, write: () => readonly Snippet[], record: { id: string }): CodeUnit {
  let written: readonly Snippet[] | undefined;
  const writeOnce = () => (written ??= refusingUnsendable(record, write));
  return language === undefined ? { client, write: writeOnce } : { language, client, write: writeOnce };
}
