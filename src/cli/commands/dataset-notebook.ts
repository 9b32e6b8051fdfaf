import type { DatasetSnippet, DatasetSnippets } from "../../dataset/snippets.js";
import type { DatasetView } from "../../dataset/view.js";
import { datasetNotebookOf, inDatasetNotebook } from "../../notebook/dataset-notebook.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `dataset --notebook`: the answer's notebook (or, with --index, the notebook of the one snippet picked), from the view the answer read. */
export function writeDatasetNotebook(view: DatasetView, answer: DatasetSnippets, picked: readonly DatasetSnippet[]): void {
  if (!picked.some(inDatasetNotebook)) throw noNotebook(view.id, picked);
  emitNotebook(datasetNotebookOf(view, { ...answer, snippets: [...picked] }), view.id);
}
