import type { ModelRecord } from "../../model/record.js";
import { inModelNotebook, modelNotebook } from "../../notebook/model-notebook.js";
import type { ModelSnippet, ModelSnippets } from "../../snippets/model-snippets.js";
import { sampleInputNote } from "../../notebook/sample-inputs.js";
import { sampleFileNote } from "../../snippets/inference/input-notes.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `snippet --notebook`: the answer's notebook (or, with --index, the notebook of the one snippet picked). */
export function writeModelNotebook(model: ModelRecord, answer: ModelSnippets, picked: readonly ModelSnippet[]): void {
  if (!picked.some(inModelNotebook)) throw noNotebook(model.id, picked);
  const notebook =
    picked.length === answer.snippets.length && answer.notebook
      ? answer.notebook
      : modelNotebook(model, { snippets: [...picked], inference: answer.inference });
  emitNotebook(notebook, model.id);
}

/**
 * The answer's notes as they hold for its notebook: the calls' sample file is fetched by the notebook, not brought
 * by the user.
 */
export function notebookNotes(answer: ModelSnippets): string[] {
  const file = answer.inference?.reads?.sampleFile;
  if (file === undefined) return answer.notes;
  const brought = sampleFileNote(file.kind);
  return answer.notes.map((note) => (note === brought ? sampleInputNote(file) : note));
}
