import type { Snippet } from "../code/snippet.js";
import { snippetSections, type KindedSnippet } from "../presenters/snippet-sections.js";
import { lineComment, withInstallLine } from "../code/install-line.js";
import { copyText } from "../terminal/clipboard.js";
import { ExitCode, UserError } from "../errors.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { stdoutIsTerminal, warn, writeJson, writeStdout } from "./output.js";

export const label = (snippet: Snippet) => `${snippet.language}/${snippet.client}`;

export interface SnippetOutputOptions {
  lang?: string;
  client?: string;
  json?: boolean;
  copy?: boolean;
  /** The n-th of the selected snippets (1-based, as given on the command line). */
  index?: string;
}

/** A snippet under its title, a comment of its language (`// js/fetch`, `# python/requests`). */
const plainItem = (snippet: Snippet) => `${lineComment(snippet.language)} ${label(snippet)}\n${withInstallLine(snippet)}\n`;

/**
 * Plain text: one snippet alone, as a file that runs once saved (`> run.mjs`), however the options selected it; else a
 * title per snippet, and per kind when several kinds. Each snippet starts with its install command as a comment.
 */
function plainSnippets(snippets: readonly KindedSnippet[]): string {
  if (snippets[0] && snippets.length === 1) return `${withInstallLine(snippets[0])}\n`;
  const sections = snippetSections(snippets);
  if (sections.length === 1) return snippets.map(plainItem).join("\n");
  return sections.map((section) => `## ${section.title}\n\n${section.snippets.map(plainItem).join("\n")}`).join("\n");
}

/**
 * Prints the chosen snippets (JSON, Ink on a terminal, plain text in a pipe) and, with --copy, copies the one
 * snippet first: a failed copy exits 2 with nothing on stdout, so a script never takes a half result.
 */
export async function emitSnippets(snippets: KindedSnippet[], options: SnippetOutputOptions): Promise<void> {
  if (options.copy && snippets.length !== 1) {
    const numbered = snippets.map((snippet, index) => `${index + 1} ${label(snippet)}`).join(", ");
    const narrow = options.lang !== undefined && options.client !== undefined ? "" : "narrow them with --lang and --client, or ";
    throw new UserError(`--copy copies one snippet, and ${snippets.length} match (${numbered}): ${narrow}pick one with --index <n>`);
  }
  const [only] = snippets;
  const copied = options.copy && only ? await copyText(only.content) : undefined;

  if (options.json)
    writeJson(
      snippets.map(({ kind, language, client, content, install }) => ({
        kind,
        language,
        client,
        content,
        ...(install === undefined ? {} : { install }),
      })),
    );
  else if (stdoutIsTerminal()) {
    const { showSnippets } = await loadTerminalViews();
    showSnippets(snippets);
  } else writeStdout(plainSnippets(snippets));

  if (copied && only) {
    warn(
      copied === "clipboard"
        ? `copied the ${label(only)} snippet to the clipboard`
        : `sent the ${label(only)} snippet to the terminal as an OSC 52 copy request; if nothing was copied, your terminal may block it${
            // tmux's default (set-clipboard external) drops a program's request: the browser's help says the same.
            process.env.TMUX ? " (in tmux, allow it with: set -g set-clipboard on)" : ""
          }`,
    );
  }
}

/** --index as a number: a whole number from 1. */
export function indexOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]*$/.test(value)) throw new UserError(`--index takes the number of a snippet, 1 for the first printed; got '${value}'`);
  return Number(value);
}

/** The n-th snippet alone (exit 1 when there are fewer), or every one without --index. */
export function pickByIndex<T extends Snippet>(snippets: T[], index: number | undefined): T[] {
  if (index === undefined) return snippets;
  const picked = snippets[index - 1];
  if (picked === undefined)
    throw new UserError(
      `--index ${index}: only ${snippets.length} snippet${snippets.length === 1 ? "" : "s"} match (${snippets.map((snippet, at) => `${at + 1} ${label(snippet)}`).join(", ")})`,
      ExitCode.noMatch,
    );
  return [picked];
}
