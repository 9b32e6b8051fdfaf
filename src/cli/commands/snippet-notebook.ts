import { inModelNotebook, modelNotebook } from "../../notebook/model-notebook.js";
import type { ModelSnippet, ModelSnippets } from "../../snippets/answer.js";
import type { ModelDecision } from "../../snippets/decision.js";
import { notesShown } from "../../snippets/filter.js";
import { sampleInputNote } from "../../notebook/sample-inputs.js";
import { refusingUnsendable } from "../../validation/unsendable-field.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `snippet --notebook`: the notebook of the answer's snippets (or, with --index, of the one snippet picked). */
export function writeModelNotebook(decision: ModelDecision, answer: ModelSnippets, picked: readonly ModelSnippet[]): void {
  const { id } = decision.view;
  if (!picked.some(inModelNotebook)) throw noNotebook(id, picked);
  const notebook = refusingUnsendable(decision.view.record, () => modelNotebook(decision, { snippets: picked, inference: answer.inference }));
  emitNotebook(notebook, id);
}

/**
 * The answer's notes as they hold for its notebook: the calls' sample file is fetched by the notebook, not brought
 * by the user.
 */
export function notebookNotes(decision: ModelDecision, answer: ModelSnippets): string[] {
  const file = answer.inference?.reads?.sampleFile;
  if (file === undefined) return answer.notes;
  const withCode = answer.snippets.some((snippet) => snippet.kind === "inference");
  return notesShown(decision.inference().notes, withCode).map((note) => (note.topic === "sample-file" ? sampleInputNote(file) : note.text));
}
