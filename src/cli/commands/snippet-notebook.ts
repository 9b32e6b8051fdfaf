import type { ModelRecord } from "../../model/record.js";
import { inModelNotebook, modelNotebook } from "../../notebook/model-notebook.js";
import type { ModelSnippet, ModelSnippets } from "../../snippets/model-snippets.js";
import { emitNotebook, noNotebook } from "../notebook-output.js";

/** `snippet --notebook`: the answer's notebook (or, with --index, the notebook of the one snippet picked). */
export function writeModelNotebook(model: ModelRecord, answer: ModelSnippets, picked: readonly ModelSnippet[]): void {
  if (!picked.some(inModelNotebook)) throw noNotebook(model.id, picked);
  const notebook = picked.length === answer.snippets.length && answer.notebook ? answer.notebook : modelNotebook(model, { snippets: [...picked], inference: answer.inference });
  emitNotebook(notebook, model.id);
}
