import { useRef } from "react";
import { getDatasetSnippets } from "../../dataset/snippets.js";
import { getDatasetNotebook } from "../../notebook/dataset-notebook.js";
import { inModelNotebook, modelNotebook } from "../../notebook/model-notebook.js";
import { noNotebookReason } from "../../notebook/no-notebook.js";
import type { Notebook } from "../../notebook/notebook.js";
import type { PageAnswer } from "./page-answers.js";
import type { NotebookService } from "./notebook-file.js";
import type { PaneStatus } from "./snippet-pane.js";

/** What `n` writes for a page: the notebook and the id its file is named after, or why there is none. */
export type PageNotebook = { notebook: Notebook; id: string } | { reason: string };

/**
 * A model page's notebook: what `snippet <record> --notebook` writes, with the provider and streaming the page has
 * chosen, read from the page's answer (the memory choice changes only the local apps' commands, which no notebook holds).
 */
export function modelPageNotebook(answer: PageAnswer): PageNotebook {
  const { id } = answer.decision.view;
  if (answer.refused !== undefined) return { reason: answer.refused };
  // A kind the notebook holds that failed for the toggles: its message, as the command would have said it.
  const failed = answer.page?.failed.inference ?? answer.page?.failed.library;
  if (failed !== undefined) return { reason: failed };
  if (!answer.snippets.some(inModelNotebook)) {
    // What `--notebook` names: the default answer's snippets, without the apps a page adds.
    const offered = answer.snippets.filter((snippet) => snippet.kind !== "app" || !answer.otherApps.includes(snippet.client));
    return { reason: noNotebookReason(id, offered) };
  }
  return { notebook: modelNotebook(answer.decision, answer), id };
}

/** A dataset page's notebook: what `dataset --id <id> --notebook` writes (the catalogue holds no record of it). */
export function datasetPageNotebook(id: string): PageNotebook {
  const record = { id, tags: [] };
  const notebook = getDatasetNotebook(record);
  if (notebook === undefined) return { reason: noNotebookReason(id, getDatasetSnippets(record).snippets) };
  return { notebook, id };
}

async function writePageNotebook(make: () => PageNotebook, save: NotebookService): Promise<PaneStatus> {
  try {
    const made = make();
    if ("reason" in made) return { text: made.reason, error: true };
    return { text: await save(made.notebook, made.id), error: false };
  } catch (error) {
    // A message in the status row, never a stack trace over the page.
    return { text: error instanceof Error ? error.message : String(error), error: true };
  }
}

/**
 * The page's `n`: says it is writing, then builds the notebook and saves it after that frame (the notebook renders
 * every snippet of the answer, and the file waits on the disk), and says where. A second `n` meanwhile is ignored.
 */
export function useNotebookKey(save: NotebookService, say: (status: PaneStatus) => void): (make: () => PageNotebook) => void {
  const writing = useRef(false);
  return (make) => {
    if (writing.current) return;
    writing.current = true;
    say({ text: "Writing the notebook…", error: false });
    setTimeout(() => {
      void writePageNotebook(make, save)
        .then(say)
        .finally(() => {
          writing.current = false;
        });
    }, 0);
  };
}
