import { datasetClients } from "../dataset/clients.js";
import type { DatasetRecord } from "../dataset/record.js";
import { checkDatasetClient } from "../dataset/client-names.js";
import { decideDataset } from "../dataset/decision.js";
import { datasetAnswerOf, type DatasetSnippetOptions } from "../dataset/snippets.js";
import { datasetView } from "../dataset/view.js";
import type { DatasetView } from "../dataset/view.js";
import type { Snippet } from "../code/snippet.js";
import { cpuRuntime } from "./accelerator.js";
import { markdownName, markdownText } from "./markdown.js";
import { notebookOf, type Notebook } from "./notebook.js";
import { notebookCells } from "./parts.js";

/*
 * A dataset's notebook, from the snippets of its answer (getDatasetSnippets): each Python reader, the dataset viewer's
 * API from Python, and `hf download` as a shell line. Reading a dataset needs no GPU: the runtime is a CPU one.
 */

/** What a dataset's answer (DatasetSnippets) gives the notebook: its snippets, and the config and split they read. */
export interface DatasetNotebookInput {
  snippets: readonly Snippet[];
  config?: string | undefined;
  split?: string | undefined;
}

/** Whether a snippet belongs in a notebook: Python, and the hf CLI's download (the viewer's curl calls have their Python twin). */
export const inDatasetNotebook = (snippet: Snippet): boolean => snippet.language === "python" || (snippet.language === "sh" && snippet.client === "hf");

function about(snippet: Snippet, what: string): string {
  if (snippet.client === "hf") return `## Download with the hf CLI\n\nDownloads the files of ${what} into a folder.`;
  if (snippet.client === "requests")
    return `## The dataset viewer's API\n\nAsks the dataset viewer for ${what}'s splits, first rows and a search, with requests.`;
  const reader = datasetClients.find((row) => row.client === snippet.client)?.reader ?? markdownText(snippet.client);
  return `## Read with ${reader}\n\nReads ${what} with ${reader}.`;
}

/** A dataset's notebook, from its view and the snippets of its answer (the ones that belong in a notebook). */
export function datasetNotebookOf(view: DatasetView, answer: DatasetNotebookInput): Notebook {
  const snippets = answer.snippets.filter(inDatasetNotebook);
  const chosen = [
    ...(answer.config === undefined ? [] : [`config ${markdownName(answer.config)}`]),
    ...(answer.split === undefined ? [] : [`split ${markdownName(answer.split)}`]),
  ];
  const what = chosen.length > 0 ? `the ${chosen.join(", ")}` : "the dataset";
  const facts = [
    `Dataset${view.formats.length > 0 ? ` in ${view.formats.map(markdownText).join(", ")}` : ""}`,
    ...(chosen.length > 0 ? [`Reads: ${chosen.join(", ")}`] : []),
  ];
  const cells = notebookCells(view.access, { facts, secrets: [], snippets, about: (snippet) => about(snippet, what) });
  return notebookOf(cells, cpuRuntime);
}

/**
 * The notebook of a dataset's answer for getDatasetSnippets's options: its Python readers and its download, each
 * under a line that says what it does; undefined when none of the answer's snippets belongs in a notebook.
 */
export function getDatasetNotebook(record: DatasetRecord, options: DatasetSnippetOptions = {}): Notebook | undefined {
  checkDatasetClient(options.client);
  const decision = decideDataset(datasetView(record), options);
  const answer = datasetAnswerOf(decision, options);
  return answer.snippets.some(inDatasetNotebook) ? datasetNotebookOf(decision.view, answer) : undefined;
}
