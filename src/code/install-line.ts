import type { Language } from "./languages.js";

/*
 * The install command as a snippet shows it: a comment line above the code, in the snippet's own language.
 */

/** How a line comment starts in a snippet's language. */
export const lineComment = (language: Language) => (language === "js" ? "//" : "#");

/** The install command as the first line of a snippet: a comment in the snippet's own language. */
export function installComment(language: Language, install: string): string {
  return `${lineComment(language)} ${install}`;
}

/** The snippet's code as a user copies it from a page: its install comment first, when it has one. */
export function withInstallLine(snippet: { language: Language; content: string; install?: string }): string {
  return snippet.install === undefined ? snippet.content : `${installComment(snippet.language, snippet.install)}\n${snippet.content}`;
}
