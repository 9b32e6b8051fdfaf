import type { DatasetRecord } from "../../dataset/record.js";
import type { DatasetSnippet, DatasetSnippets } from "../../dataset/snippets.js";
import type { DatasetView } from "../../dataset/view.js";
import { datasetNotebookOf, inDatasetNotebook } from "../../notebook/dataset-notebook.js";
import { refusingUnsendable } from "../../validation/unsendable-field.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `dataset --notebook`: the answer's notebook (or, with --index, the notebook of the one snippet picked), from the view the answer read. */
export function writeDatasetNotebook(record: DatasetRecord, view: DatasetView, answer: DatasetSnippets, picked: readonly DatasetSnippet[]): void {
  if (!picked.some(inDatasetNotebook)) throw noNotebook(view.id, picked);
  emitNotebook(
    refusingUnsendable(record, () => datasetNotebookOf(view, { ...answer, snippets: [...picked] })),
    view.id,
  );
}
