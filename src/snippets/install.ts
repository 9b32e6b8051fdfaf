import type { Language } from "./clients.js";

/*
 * What a snippet needs installed, as the command line a user types in a shell (`pip install -U open-clip-torch`,
 * `npm install @huggingface/inference`). Package names come from data (the library registry, the client table),
 * never from a record, so they are a closed, checked set; a name with extras (`pkg[extra]`) is quoted for the shell.
 */

export type PackageManager = "pip" | "npm";

const needsQuotes = (name: string) => name.includes("[");

/** The command that installs these packages: pip upgrades what is already there (-U), npm adds to the project. */
export function installCommand(manager: PackageManager, names: readonly string[]): string {
  const words = names.map((name) => (needsQuotes(name) ? `"${name}"` : name)).join(" ");
  return manager === "pip" ? `pip install -U ${words}` : `npm install ${words}`;
}

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
