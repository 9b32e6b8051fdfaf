import { useRef } from "react";
import type { ModelRecord } from "../../model/record.js";
import { getModelSnippets, type ModelSnippets } from "../../snippets/model-snippets.js";
import type { Toggles } from "./snippet-sources.js";

/** The one key of a set of toggles. */
const keyOf = (toggles: Toggles) => JSON.stringify([toggles.provider ?? null, toggles.policy ?? null, toggles.stream, toggles.memory ?? null]);

/** The core's answer a model page shows for its toggles: its snippets, its page facts, and its notebook (`n`). */
export function pageAnswer(model: ModelRecord, toggles: Toggles): ModelSnippets {
  // A policy lets the router choose: it names no provider.
  const provider = toggles.policy === undefined ? toggles.provider : undefined;
  return getModelSnippets(model, { page: true, notebook: true, provider, policy: toggles.policy, stream: toggles.stream, memory: toggles.memory });
}

/**
 * A model page's answers: one per set of toggles, asked of the core the first time the page shows that set and
 * kept while it shows the same record (a record changed is answered anew). An answer with no provider chosen is
 * also the answer of the core's choice, which the provider toggle starts on.
 */
export function usePageAnswers(model: ModelRecord): (toggles: Toggles) => ModelSnippets {
  const kept = useRef<{ model: ModelRecord; answers: Map<string, ModelSnippets> }>({ model, answers: new Map() });
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
