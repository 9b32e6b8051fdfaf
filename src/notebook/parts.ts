import type { RecordAccess } from "../model/access.js";
import { accessNoteFor } from "../snippets/access-note.js";
import type { Snippet } from "../snippets/clients.js";
import { snippetCells } from "./code-cells.js";
import { codeCell, markdownCell, type NotebookCell } from "./notebook.js";
import { installCode, installPlan } from "./install-cell.js";
import { markdownText } from "./markdown.js";

/*
 * The cells every notebook opens with, model or dataset: the title, the runtime note, the access note and the token
 * check of a gated or private repository, and the install cell.
 */

/** The page of a repository on the Hub. Ids are letters, digits, `.`, `_`, `-` and one `/`: safe in a link as they are. */
export function hubPage(access: RecordAccess): string {
  return `https://huggingface.co/${access.repoType === "dataset" ? "datasets/" : ""}${access.id}`;
}

/** `# <id>`, what it is, and a link to its page: record text escaped, the link's target built from the checked id. */
function titleCell(access: RecordAccess, facts: readonly string[]): NotebookCell {
  const page = hubPage(access);
  const lines = [`# ${markdownText(access.id)}`, "", ...facts.map((fact) => `${fact}  `), `Page on the Hub: [${markdownText(page)}](${encodeURI(page)})`, ""];
  lines.push("Written by hub-snippets: run the cells from the top (Run all).");
  return markdownCell("title", lines.join("\n"));
}

/**
 * The token check of a gated or private repository. It never prompts, so Run all goes on, and never writes a token:
 * huggingface_hub finds one by itself in HF_TOKEN, in what `hf auth login` saved, or in Colab's HF_TOKEN secret.
 */
const tokenCheck = [
  "from huggingface_hub import get_token",
  "",
  "# huggingface_hub reads HF_TOKEN, the token `hf auth login` saved, or Colab's secret named HF_TOKEN.",
  "if get_token() is None:",
  "    print(",
  '        "No Hugging Face token found: the downloads below will be refused. Set a read token as the HF_TOKEN "',
  '        "environment variable or Colab secret (the key icon on the left), or run `from huggingface_hub import "',
  '        "notebook_login; notebook_login()` in a new cell, then run the cells below."',
  "    )",
  "",
].join("\n");

/** The access note (markdown) and the token check, for a gated or private repository; none for a public one. */
function accessCells(access: RecordAccess): { note: NotebookCell[]; check: NotebookCell[] } {
  const note = accessNoteFor(access);
  if (note === undefined) return { note: [], check: [] };
  return { note: [markdownCell("access", `## Access\n\n${markdownText(note)}`)], check: [codeCell("token-check", tokenCheck)] };
}

/**
 * The install cell of the snippets' install lines, with huggingface_hub too when the token check needs it. It comes
 * before the token check, which imports huggingface_hub.
 */
function installCells(lines: readonly (string | undefined)[], needsHub: boolean): NotebookCell[] {
  const code = installCode(installPlan(lines, needsHub ? ["huggingface-hub"] : []));
  if (code === undefined) return [];
  return [markdownCell("install-about", "## Install\n\nEvery package the cells below use, once."), codeCell("install", code)];
}

function runtimeCell(note: string | undefined): NotebookCell[] {
  return note === undefined ? [] : [markdownCell("runtime", `## Runtime\n\n${note}`)];
}

/**
 * A notebook's cells, model or dataset: the title with its facts, the runtime note, the access note, the install
 * cell, the token check; then each snippet under a line that says what it does.
 */
export function notebookCells<T extends Snippet>(
  access: RecordAccess,
  parts: { facts: readonly string[]; runtimeNote?: string; snippets: readonly T[]; about: (snippet: T) => string },
): NotebookCell[] {
  const { note, check } = accessCells(access);
  const cells: NotebookCell[] = [
    titleCell(access, parts.facts),
    ...runtimeCell(parts.runtimeNote),
    ...note,
    ...installCells(
      parts.snippets.map((snippet) => snippet.install),
      check.length > 0,
    ),
    ...check,
  ];
  parts.snippets.forEach((snippet, index) => cells.push(...snippetCells(`snippet-${index + 1}`, parts.about(snippet), snippet)));
  return cells;
}
