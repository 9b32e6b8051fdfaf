import type { ModelRecord } from "../../src/model/record.js";
import { getModelNotebook } from "../../src/notebook/model-notebook.js";
import type { Notebook } from "../../src/notebook/notebook.js";
import type { ModelSnippetOptions, ModelSnippets } from "../../src/model-answer/answer.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";

/** A model's answer and, with `notebook`, its notebook (getModelNotebook's, for the same options). */
export function notebookAnswer(model: ModelRecord, options: ModelSnippetOptions & { notebook?: boolean } = {}): ModelSnippets & { notebook?: Notebook } {
  const { notebook, ...asked } = options;
  const answer = getModelSnippets(model, asked);
  if (!notebook) return answer;
  const written = getModelNotebook(model, asked);
  return written === undefined ? answer : { ...answer, notebook: written };
}
