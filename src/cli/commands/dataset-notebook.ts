import type { DatasetRecord } from "../../dataset/record.js";
import type { DatasetSnippet, DatasetSnippets } from "../../dataset/snippets.js";
import { datasetNotebook, inDatasetNotebook } from "../../notebook/dataset-notebook.js";
import { refusingUnsendable } from "../../validation/unsendable-field.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `dataset --notebook`: the answer's notebook (or, with --index, the notebook of the one snippet picked). */
export function writeDatasetNotebook(record: DatasetRecord, answer: DatasetSnippets, picked: readonly DatasetSnippet[]): void {
  if (!picked.some(inDatasetNotebook)) throw noNotebook(record.id, picked);
  emitNotebook(
    refusingUnsendable(record, () => datasetNotebook(record, { ...answer, snippets: [...picked] })),
    record.id,
  );
}
