import type { ModelRecord } from "../model/record.js";
import type { ModelSnippetOptions } from "../model-answer/answer.js";
import { decideModel, type ModelDecision } from "../model-answer/decision.js";
import { answerOf } from "../model-answer/filter.js";
import { splitModelOptions } from "../model-answer/model-snippets.js";
import type { Snippet } from "../code/snippet.js";
import { modelRuntime } from "./accelerator.js";
import { markdownName, markdownText } from "./markdown.js";
import { notebookOf, type Notebook } from "./notebook.js";
import { notebookCells } from "./parts.js";
import { sampleInputCells } from "./sample-inputs.js";
import type { CallInputs } from "../inference/snippets.js";

/*
 * A model's notebook, from the snippets of an answer (src/model-answer/filter.ts): the Python inference calls and the
 * library's loading code, each under a line that says what it does; a library's shell recipe too. Local apps'
 * commands stay out: they run in a terminal, not in a notebook.
 */

/** A snippet of a model's answer as the notebook reads it: a ModelSnippet (inference, library or app). */
export interface ModelNotebookSnippet extends Snippet {
  kind: string;
}

/** What a model's answer (ModelSnippets) gives the notebook: its snippets, and the provider its inference calls go through. */
export interface ModelNotebookInput {
  snippets: readonly ModelNotebookSnippet[];
  inference?: { provider: string; reads?: CallInputs | undefined } | undefined;
}

/** Whether a snippet belongs in a notebook: Python, or a library's shell recipe; never an app's commands. */
export const inModelNotebook = (snippet: ModelNotebookSnippet): boolean =>
  snippet.kind !== "app" && (snippet.language === "python" || (snippet.language === "sh" && snippet.kind === "library"));

function aboutInference(snippet: ModelNotebookSnippet, inference: ModelNotebookInput["inference"]): string {
  const provider = inference?.provider;
  const through =
    provider === undefined || provider === "auto"
      ? "through Inference Providers (the router picks one of the model's live providers)"
      : `through the provider ${markdownName(provider)}`;
  const token = inference?.reads?.tokenVariables;
  const reads = token === undefined ? "" : ` It reads your token from ${token.join(", else ")}, which the token cell above found.`;
  return `## Remote inference with ${markdownName(snippet.client)}\n\nCalls the model ${through}: nothing is downloaded, and no GPU is needed.${reads}`;
}

function aboutLibrary(snippet: ModelNotebookSnippet): string {
  const how = snippet.language === "sh" ? "the library's command-line recipe, run in bash" : "its loading code";
  return `## Local inference with ${markdownName(snippet.client)}\n\nDownloads the model and runs it here, with ${how}.`;
}

/**
 * A model's notebook, from its decision (the record's view, the weights its loading code reads) and the snippets of
 * an answer of it (the ones that belong in a notebook).
 */
export function modelNotebook(decision: ModelDecision, answer: ModelNotebookInput): Notebook {
  const { view } = decision;
  const snippets = answer.snippets.filter(inModelNotebook);
  const local = snippets.filter((snippet) => snippet.kind === "library");
  const cuda = local.some((snippet) => /["']cuda["']|\.cuda\(\)/.test(snippet.content));
  const runtime = modelRuntime(view, { runs: local.length > 0, cuda, weights: local.length > 0 ? decision.weights() : undefined });
  const facts = [
    view.task === undefined ? "Task: not given by the record" : `Task: ${markdownText(view.task)}`,
    ...(view.library === undefined ? [] : [`Library: ${markdownText(view.library)}`]),
  ];
  const about = (snippet: ModelNotebookSnippet) => (snippet.kind === "inference" ? aboutInference(snippet, answer.inference) : aboutLibrary(snippet));
  const calls = snippets.some((snippet) => snippet.kind === "inference") ? answer.inference?.reads : undefined;
  const secrets = calls?.tokenVariables === undefined ? [] : [calls.tokenVariables];
  const runtimeNote = runtime.note === undefined ? {} : { runtimeNote: runtime.note };
  const cells = notebookCells(view, { facts, ...runtimeNote, secrets, samples: sampleInputCells(calls), snippets, about });
  return notebookOf(cells, runtime);
}

/**
 * The notebook of a model's answer for getModelSnippets's options: its Python calls and loading code, each under a
 * line that says what it does; undefined when none of the answer's snippets belongs in a notebook.
 */
export function getModelNotebook(model: ModelRecord, options: ModelSnippetOptions = {}): Notebook | undefined {
  const { choices, filter } = splitModelOptions(options);
  const decision = decideModel(model, choices);
  const answer = answerOf(decision, filter);
  return answer.snippets.some(inModelNotebook) ? modelNotebook(decision, answer) : undefined;
}
