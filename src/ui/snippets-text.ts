import chalk from "chalk";
import type { Snippet } from "../snippets/clients.js";
import { highlight } from "./highlight.js";

/**
 * Snippets as a terminal shows them: a title line each, then the code as it is, flush left. No border and no
 * wrapping of our own: the terminal wraps long lines softly, so a mouse copy takes the code and nothing else.
 */
export function snippetsText(snippets: readonly Snippet[]): string {
  return snippets.map((snippet) => `${chalk.bold.cyan(`${snippet.language} · ${snippet.client}`)}\n${highlight(snippet.content, snippet.language)}\n`).join("\n");
}
