import type { ModelRecord } from "../model/record.js";
import type { AnswerFilter, ModelChoices, ModelSnippetOptions, ModelSnippets } from "./answer.js";
import { decideModel } from "./decision.js";
import { answerOf, filterOf } from "./filter.js";

/**
 * Every snippet that runs a model, decided from what its record says serves it: inference calls through its live
 * providers (the router's automatic choice; hf-inference for a record without a provider mapping whose library it
 * runs), the loading code of its own library (llama-cpp-python for GGUF files), and the commands of the local apps
 * that run it. The choices decide (src/model-answer/decision.ts); the filter narrows the answer to a kind, a language, a
 * client or an app (src/model-answer/filter.ts).
 *
 * Throws a UserError (exit code 1) for a provider asked for that reports an error for the model.
 */
export function getModelSnippets(model: ModelRecord, options: ModelSnippetOptions = {}): ModelSnippets {
  const { choices, filter } = splitModelOptions(options);
  return answerOf(decideModel(model, choices), filter);
}

/** getModelSnippets's options, split into the choices the code is decided from and the filter of the answer. */
export function splitModelOptions(options: ModelSnippetOptions): { choices: ModelChoices; filter: AnswerFilter } {
  const { language, client, kind, app, allApps, ...choices } = options;
  return { choices, filter: filterOf(options) };
}
