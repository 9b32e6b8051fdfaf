import { inModelNotebook, modelNotebook } from "../../notebook/model-notebook.js";
import type { ModelSnippet, ModelSnippets } from "../../model-answer/answer.js";
import type { ModelDecision } from "../../model-answer/decision.js";
import { notesShown } from "../../model-answer/filter.js";
import { sampleInputNote } from "../../notebook/sample-inputs.js";
import { UserError, type ExitCodeValue } from "../../errors.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `snippet --notebook`: the notebook of the answer's snippets (or, with --index, of the one snippet picked). */
export function writeModelNotebook(decision: ModelDecision, answer: ModelSnippets, picked: readonly ModelSnippet[]): void {
  const { id } = decision.view;
  if (!picked.some(inModelNotebook)) throw noNotebook(id, picked);
  const notebook = modelNotebook(decision, { snippets: picked, inference: answer.inference });
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

/** A failure the user can fix, as data: dist/notebook.cjs holds its own UserError class, not the caller's. */
export interface NotebookFailure {
  message: string;
  exitCode: ExitCodeValue;
}

/**
 * `snippet --notebook` in this module's bundle (dist/notebook.cjs, which only --notebook loads): the notebook
 * written, and the notes that go with it, or the reason there is none.
 */
export function runModelNotebook(
  decision: ModelDecision,
  answer: ModelSnippets,
  picked: readonly ModelSnippet[],
): { notes: string[]; failure?: undefined } | { failure: NotebookFailure } {
  try {
    writeModelNotebook(decision, answer, picked);
    return { notes: notebookNotes(decision, answer) };
  } catch (error) {
    if (error instanceof UserError) return { failure: { message: error.message, exitCode: error.exitCode } };
    throw error;
  }
}
