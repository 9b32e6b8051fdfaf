import type { RecordAccess } from "../model/access.js";
import { accessNoteFor } from "../code/access-note.js";
import type { Snippet } from "../code/snippet.js";
import { snippetCells } from "./code-cells.js";
import { codeCell, markdownCell, type NotebookCell } from "./notebook.js";
import { installCode, installPlan } from "./install-cell.js";
import { markdownText } from "./markdown.js";
import { hubTokenVariable, tokenCellCode, type Secret } from "./token-cell.js";

/*
 * The cells every notebook opens with, model or dataset: the title, the runtime note, the access note and the token
 * check of a gated or private repository, and the install cell.
 */

/** The page of a repository on the Hub. Ids are letters, digits, `.`, `_`, `-` and one `/`: safe in a link as they are. */
function hubPage(access: RecordAccess): string {
  return `https://huggingface.co/${access.repoType === "dataset" ? "datasets/" : ""}${access.id}`;
}

/** `# <id>`, what it is, and a link to its page: record text escaped, the link's target built from the checked id. */
function titleCell(access: RecordAccess, facts: readonly string[]): NotebookCell {
  const page = hubPage(access);
  const lines = [`# ${markdownText(access.id)}`, "", ...facts.map((fact) => `${fact}  `), `Page on the Hub: [${markdownText(page)}](${encodeURI(page)})`, ""];
  lines.push("Written by hub-snippets: run the cells from the top (Run all).");
  return markdownCell("title", lines.join("\n"));
}

/** The access note, its page a link: record text escaped, the link's target built from the checked id. */
function accessCells(access: RecordAccess): NotebookCell[] {
  const note = accessNoteFor(access);
  if (note === undefined) return [];
  const page = hubPage(access);
  const text = note
    .split(page)
    .map(markdownText)
    .join(`[${markdownText(page)}](${encodeURI(page)})`);
  return [markdownCell("access", `## Access\n\n${text}`)];
}

/** The token cell, for the secrets the cells read (see token-cell.ts); none when they read none. */
function tokenCells(secrets: readonly Secret[]): NotebookCell[] {
  if (secrets.length === 0) return [];
  const about = "## Token\n\nFinds the token the cells below read, wherever this runtime keeps it, and stops here if there is none.";
  return [markdownCell("token-about", about), codeCell("token-check", tokenCellCode(secrets))];
}

/**
 * The install cell of the snippets' install lines, with huggingface_hub too when the cells the notebook adds import
 * it (the token cell, a sample's download).
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
 * cell, the token cell (for the secrets the cells read: HF_TOKEN for a gated or private repository, the inference
 * calls' token), the sample the calls send; then each snippet under a line that says what it does.
 */
export function notebookCells<T extends Snippet>(
  access: RecordAccess,
  parts: {
    facts: readonly string[];
    runtimeNote?: string;
    secrets: readonly Secret[];
    samples?: NotebookCell[];
    snippets: readonly T[];
    about: (snippet: T) => string;
  },
): NotebookCell[] {
  const secrets: Secret[] = [...(access.gated || access.private ? [[hubTokenVariable]] : []), ...parts.secrets];
  const tokens = tokenCells(secrets);
  const samples = parts.samples ?? [];
  const cells: NotebookCell[] = [
    titleCell(access, parts.facts),
    ...runtimeCell(parts.runtimeNote),
    ...accessCells(access),
    ...installCells(
      parts.snippets.map((snippet) => snippet.install),
      secrets.some((names) => names.includes(hubTokenVariable)) || samples.length > 0,
    ),
    ...tokens,
    ...samples,
  ];
  parts.snippets.forEach((snippet, index) => cells.push(...snippetCells(`snippet-${index + 1}`, parts.about(snippet), snippet)));
  return cells;
}
