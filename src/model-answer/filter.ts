import {
  snippetKinds,
  type AnswerFilter,
  type ModelChoices,
  type ModelSnippet,
  type ModelSnippetOptions,
  type ModelSnippets,
  type SnippetKind,
} from "./answer.js";
import type { CodeUnit, Snippet } from "../code/snippet.js";
import type { DecidedNote } from "./decide-inference.js";
import type { ModelDecision } from "./decision.js";
import { hasAppRecipe } from "../apps/snippets.js";
import { libraryClientAliases } from "../libraries/recipe-keys.js";

/*
 * An answer: the part of a decision (src/model-answer/decision.ts) a filter asks for, written. Only the units the filter
 * can show are written; a kind the filter does not want is not even decided.
 */

const wants = (filter: AnswerFilter, kind: SnippetKind) => (filter.kind ?? (filter.app !== undefined ? "app" : kind)) === kind;
const matches = (snippet: Snippet, filter: AnswerFilter) =>
  (filter.language === undefined || snippet.language === filter.language) && (filter.client === undefined || snippet.client === filter.client);

/** The choices only an inference call reads: any of them given asks for inference snippets alone. */
const inferenceChoices = [
  "provider",
  "direct",
  "stream",
  "billTo",
  "endpointUrl",
  "token",
  "policy",
  "jsonSchema",
  "tools",
] as const satisfies readonly (keyof ModelChoices)[];

/**
 * The filter a set of options asks for, the CLI's and getModelSnippets's alike: the kind named, else the one implied,
 * `app` by an app, `inference` by any choice only an inference call reads (a provider, --stream, a policy, …).
 */
export function filterOf(options: ModelSnippetOptions): AnswerFilter {
  const { language, client, app, allApps } = options;
  const impliesInference = inferenceChoices.some((choice) => options[choice] !== undefined && options[choice] !== false);
  const kind = options.kind ?? (app !== undefined ? "app" : impliesInference ? "inference" : undefined);
  return { language, client, kind, app, allApps };
}

/** The snippets of the units the filter can show, written, with their kind. */
function written(units: readonly CodeUnit[], filter: AnswerFilter, kind: SnippetKind): ModelSnippet[] {
  return units
    .filter(
      (unit) =>
        (filter.client === undefined || unit.client === filter.client) &&
        (unit.language === undefined || filter.language === undefined || unit.language === filter.language),
    )
    .flatMap((unit) => unit.write())
    .filter((snippet) => matches(snippet, filter))
    .map((snippet) => ({ kind, ...snippet }));
}

/** The notes that hold for an answer that shows the kind's code, or does not. */
export function notesShown(notes: readonly DecidedNote[], withCode: boolean): DecidedNote[] {
  return notes.filter((note) => note.shown === "always" || note.shown === (withCode ? "with-code" : "without-code"));
}

function addInference(decision: ModelDecision, filter: AnswerFilter, answer: ModelSnippets): void {
  const inference = decision.inference();
  if (inference.inapplicable !== undefined) answer.inapplicable = inference.inapplicable;
  const snippets = written(inference.units, filter, "inference");
  const call = inference.call;
  if (call !== undefined) {
    const reads = snippets.length > 0 && call.reads !== undefined ? { reads: call.reads } : {};
    answer.inference = { provider: call.provider, routeProvider: call.routeProvider, ...reads };
  }
  const filtered = filter.language !== undefined || filter.client !== undefined;
  if (inference.missing !== undefined) answer.missing.inference = inference.missing;
  else if (snippets.length === 0 && !filtered && inference.missingIfNone !== undefined) answer.missing.inference = inference.missingIfNone;
  answer.notes.push(...notesShown(inference.notes, snippets.length > 0).map((note) => note.text));
  answer.snippets.push(...snippets);
}

function addLibrary(decision: ModelDecision, filter: AnswerFilter, answer: ModelSnippets): void {
  const library = decision.library();
  if (library.missing !== undefined) {
    answer.missing.library = library.missing;
    return;
  }
  answer.snippets.push(...written(library.units, filter, "library"));
}

function addApps(decision: ModelDecision, filter: AnswerFilter, answer: ModelSnippets): void {
  // A client that is no app's cannot match: the apps need not be decided.
  if (filter.client !== undefined && !hasAppRecipe(filter.client)) return;
  const { shown, others, missing, write } = decision.apps();
  if (missing !== undefined) {
    answer.missing.app = missing;
    return;
  }
  let apps = filter.app !== undefined ? [filter.app] : filter.allApps ? [...shown, ...others] : shown;
  if (filter.client !== undefined) apps = apps.filter((app) => app === filter.client);
  if (filter.app === undefined && !filter.allApps) answer.otherApps = others;
  if (apps.length === 0) return;
  answer.snippets.push(
    ...write(apps)
      .filter((snippet) => matches(snippet, filter))
      .map((snippet) => ({ kind: "app" as const, ...snippet })),
  );
}

const answering: Record<SnippetKind, (decision: ModelDecision, filter: AnswerFilter, answer: ModelSnippets) => void> = {
  inference: addInference,
  library: addLibrary,
  app: addApps,
};

/** The filter with its client read as the Hub names it: `gguf` (a GGUF repository's library name) is llama-cpp-python. */
function withClientAlias(filter: AnswerFilter): AnswerFilter {
  const client = filter.client;
  return client !== undefined && Object.hasOwn(libraryClientAliases, client) ? { ...filter, client: libraryClientAliases[client] } : filter;
}

/** Each kind the filter wants, answered from the decision into the answer. */
function addKinds(decision: ModelDecision, filter: AnswerFilter, answer: ModelSnippets): void {
  for (const kind of snippetKinds) if (wants(filter, kind)) answering[kind](decision, filter, answer);
}

/**
 * The answer a filter asks of a decision: the snippets of the kinds, languages, clients and apps it wants, the notes
 * that hold for them, and why a kind has none. When the filter's language or client leaves nothing, `beforeFilter`
 * says what the same kinds write without them. Throws the UserError of a kind wanted whose choice the record refuses.
 */
export function answerOf(decision: ModelDecision, asked: AnswerFilter = {}): ModelSnippets {
  const filter = withClientAlias(asked);
  const answer: ModelSnippets = { snippets: [], notes: [], missing: {}, otherApps: [] };
  if (decision.liveProviders !== undefined) answer.liveProviders = decision.liveProviders;
  const { libraryKey } = decision.view;
  if (libraryKey !== undefined) answer.libraryKey = libraryKey;
  if (decision.refused !== undefined) {
    answer.refused = decision.refused;
    for (const kind of snippetKinds) if (wants(filter, kind)) answer.missing[kind] = decision.refused;
    return answer;
  }
  addKinds(decision, filter, answer);
  const only = filter.kind ?? (filter.app !== undefined ? "app" : undefined);
  // A client "" asks for the decision alone: nothing is written, and nothing to explain.
  if (answer.snippets.length === 0 && (filter.language || filter.client) && only !== "app") {
    const unfiltered: ModelSnippets = { snippets: [], notes: [], missing: {}, otherApps: [] };
    addKinds(decision, { ...filter, language: undefined, client: undefined }, unfiltered);
    answer.beforeFilter = labelsOf(unfiltered);
  }
  return answer;
}

/** Each kind's snippets as `language/client` labels, each once. */
function labelsOf(answer: ModelSnippets): Partial<Record<SnippetKind, string[]>> {
  const labels: Partial<Record<SnippetKind, string[]>> = {};
  for (const snippet of answer.snippets) (labels[snippet.kind] ??= []).push(`${snippet.language}/${snippet.client}`);
  for (const kind of snippetKinds) if (labels[kind]) labels[kind] = [...new Set(labels[kind])];
  return labels;
}
