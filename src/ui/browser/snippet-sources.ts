import { formatBytes } from "../../weights/memory-fit.js";
import { snippetKinds, type SnippetKind } from "../../model-answer/answer.js";
import type { PageAnswer } from "./page-answers.js";
import type { SnippetSource, Toggles } from "./snippet-source.js";
import { deploySource } from "./deploy-source.js";

export type { SnippetSource, ToggleName, Toggles } from "./snippet-source.js";

/** The memory sizes the Local apps tab offers (`M`), after the default quantization. */
export const memoryChoices: readonly (string | undefined)[] = [undefined, "8GB", "16GB", "24GB", "32GB", "64GB"];

/** The quantization the local apps run, as the answer says: for the memory chosen, how it fits; else the others there are. */
function quantNote(answer: PageAnswer, toggles: Toggles): string | undefined {
  const quant = answer.page?.quant;
  if (!quant) return undefined;
  const { chosen, others, fit } = quant;
  if (fit) {
    const estimated = fit.estimate ? ", sizes estimated from the parameter count" : "";
    return `Memory ${toggles.memory}: ${chosen}, ${formatBytes(fit.bytes)} of weights + ${formatBytes(fit.margin)} for the context${estimated}`;
  }
  return `GGUF quant: ${chosen}${others.length > 0 ? ` (also in the repository: ${others.join(", ")})` : ""}`;
}

/** The answer's notes (a staging provider, a record without a mapping): the inference calls are the only kind that has any. */
const inferenceNote = (answer: PageAnswer) => (answer.notes.length > 0 ? answer.notes.join(" ") : undefined);

const labels: Record<SnippetKind, string> = { inference: "Inference", library: "Library", app: "Local apps" };

/** What each kind's tab adds to the core's answer: its note and layout. */
const tabOptions: Record<SnippetKind, Pick<SnippetSource, "noteFor" | "groupsByClient">> = {
  inference: { noteFor: inferenceNote },
  library: {},
  app: { noteFor: quantNote, groupsByClient: true },
};

/**
 * The tabs of the core's answer: one per kind, in its order. The Local apps tab shows every app
 * that runs the model, grouped by app, the apps the CLI's answer names first (the answer's order).
 */
const answerSources: readonly SnippetSource[] = snippetKinds.map((kind) => ({
  id: kind,
  label: labels[kind],
  snippetsFor: (answer) => answer.snippets.filter((snippet) => snippet.kind === kind),
  errorFor: (answer) => answer.page?.failed[kind],
  togglesFor: (answer) => answer.page?.toggles[kind] ?? [],
  opensFor: (answer) => answer.page?.opensOn === kind,
  ...tabOptions[kind],
}));

/** Every tab of the model page: the answer's kinds, then Deploy (the code of `snippet --deploy`). */
export const snippetSources: readonly SnippetSource[] = [...answerSources, deploySource];
