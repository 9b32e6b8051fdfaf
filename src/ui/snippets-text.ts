import chalk from "chalk";
import { snippetSections } from "../presenters/snippet-sections.js";
import type { Snippet } from "../code/snippet.js";
import { withInstallLine } from "../code/install-line.js";
import type { KindedSnippet } from "../presenters/snippet-sections.js";
import { highlight } from "./highlight.js";

const snippetText = (snippet: Snippet) =>
  `${chalk.bold.cyan(`${snippet.language} · ${snippet.client}`)}\n${highlight(withInstallLine(snippet), snippet.language)}\n`;

/**
 * Snippets as a terminal shows them: a title line each, then the code as it is, flush left; a heading per kind when
 * there are several. No border and no wrapping of our own: the terminal wraps long lines softly, so a mouse copy
 * takes the code and nothing else.
 */
export function snippetsText(snippets: readonly KindedSnippet[]): string {
  const sections = snippetSections(snippets);
  if (sections.length <= 1) return snippets.map(snippetText).join("\n");
  return sections.map((section) => `${chalk.bold.inverse(` ${section.title} `)}\n\n${section.snippets.map(snippetText).join("\n")}`).join("\n");
}
