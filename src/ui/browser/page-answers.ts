import { useRef } from "react";
import { UserError } from "../../errors.js";
import type { ModelRecord } from "../../model/record.js";
import { snippetKinds, type ModelSnippet, type ModelSnippets, type SnippetKind } from "../../model-answer/answer.js";
import { decideModel, decideView, type ModelDecision } from "../../model-answer/decision.js";
import { answerOf } from "../../model-answer/filter.js";
import { pageFactsOf, type PageFacts, type Toggles } from "./page-facts.js";

/**
 * What a model page shows for a set of toggles: each kind's part of the core's answer (every app that runs the
 * model, the default answer's apps first), the page's facts, and the decision they were read from (for `n`).
 */
export interface PageAnswer extends ModelSnippets {
  decision: ModelDecision;
  /** Undefined for a model the core refuses (a disabled one). */
  page: PageFacts | undefined;
}

/** A kind's part of the answer: the apps the default answer shows, then the others that run the model. */
function kindAnswer(decision: ModelDecision, kind: SnippetKind): ModelSnippets {
  const part = answerOf(decision, { kind });
  if (kind === "app" && part.otherApps.length > 0) {
    const others: ModelSnippet[] = decision
      .apps()
      .write(part.otherApps)
      .map((snippet) => ({ kind: "app", ...snippet }));
    part.snippets.push(...others);
  }
  return part;
}

/** The answer of the decision for a page: a kind that fails for the toggles (a memory no quantization fits) shows its message instead. */
function answerForPage(decision: ModelDecision): PageAnswer {
  if (decision.refused !== undefined) return { ...answerOf(decision), decision, page: undefined };
  const answer: PageAnswer = { snippets: [], notes: [], missing: {}, otherApps: [], decision, page: undefined };
  if (decision.liveProviders !== undefined) answer.liveProviders = decision.liveProviders;
  if (decision.view.libraryKey !== undefined) answer.libraryKey = decision.view.libraryKey;
  const failed: PageFacts["failed"] = {};
  for (const kind of snippetKinds) {
    try {
      const part = kindAnswer(decision, kind);
      answer.snippets.push(...part.snippets);
      answer.notes.push(...part.notes);
      Object.assign(answer.missing, part.missing);
      if (part.inference !== undefined) answer.inference = part.inference;
      if (part.inapplicable !== undefined) answer.inapplicable = part.inapplicable;
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      failed[kind] = error.message;
    }
  }
  // The apps the default answer leaves out, whether or not their commands could be written for the toggles.
  const apps = decision.apps();
  if (apps.missing === undefined) answer.otherApps = apps.others;
  answer.page = pageFactsOf(decision, failed);
  return answer;
}

/** The core's answer a model page shows for its toggles. */
export function pageAnswer(model: ModelRecord, toggles: Toggles): PageAnswer {
  // A policy lets the router choose: it names no provider.
  const provider = toggles.policy === undefined ? toggles.provider : undefined;
  const choices = { provider, policy: toggles.policy, stream: toggles.stream, memory: toggles.memory };
  const decision = decideModel(model, choices);
  // The page's provider toggle starts on the core's choice, asked for by name; a policy toggled on names none.
  const first = provider === undefined && toggles.policy === undefined && decision.refused === undefined ? decision.providersOffered()[0] : undefined;
  return answerForPage(first === undefined ? decision : decideView(decision.view, { ...choices, provider: first }));
}

/** The one key of a set of toggles. */
const keyOf = (toggles: Toggles) => JSON.stringify([toggles.provider ?? null, toggles.policy ?? null, toggles.stream, toggles.memory ?? null]);

/**
 * A model page's answers: one per set of toggles, asked of the core the first time the page shows that set and
 * kept while it shows the same record (a record changed is answered anew). An answer with no provider chosen is
 * also the answer of the core's choice, which the provider toggle starts on.
 */
export function usePageAnswers(model: ModelRecord): (toggles: Toggles) => PageAnswer {
  const kept = useRef<{ model: ModelRecord; answers: Map<string, PageAnswer> }>({ model, answers: new Map() });
  if (kept.current.model !== model) kept.current = { model, answers: new Map() };
  const { answers } = kept.current;
  return (toggles) => {
    const key = keyOf(toggles);
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = pageAnswer(model, toggles);
      answers.set(key, answer);
      const first = answer.page?.providers[0];
      if (toggles.provider === undefined && toggles.policy === undefined && first !== undefined) answers.set(keyOf({ ...toggles, provider: first }), answer);
    }
    return answer;
  };
}
