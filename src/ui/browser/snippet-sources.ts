import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../snippets/clients.js";
import { formatBytes } from "../../snippets/memory-fit.js";
import { snippetKinds, type ModelSnippets, type SnippetKind } from "../../snippets/model-snippets.js";
import type { PageToggle } from "../../snippets/page-facts.js";
import type { Policy } from "../../snippets/inference/policy.js";

/** The choices of the model page that change the snippets. */
export interface Toggles {
  /** The provider chosen with p; undefined until then: the core's choice, the first it offers. */
  provider: string | undefined;
  /** The router's provider policy chosen with P (chat only); undefined: none, the provider toggle decides. */
  policy?: Policy | undefined;
  stream: boolean;
  /** The memory the local apps' quantization must fit (`16GB`), or undefined for the default quantization. */
  memory: string | undefined;
}

export type ToggleName = PageToggle;

/**
 * One tab of the model page: a part of the core's answer for the page's toggles (getModelSnippets with `page`),
 * which the tab reads and formats, deciding nothing.
 */
export interface SnippetSource {
  id: string;
  label: string;
  /** The tab's snippets in the answer; the tab shows only when there are some, or an error. */
  snippetsFor: (answer: ModelSnippets, model: ModelRecord) => Snippet[];
  /** Why the tab has no code for the toggles (a memory no quantization fits), shown instead of code. */
  errorFor?: (answer: ModelSnippets) => string | undefined;
  /** The toggles that change this tab's snippets. */
  togglesFor?: (answer: ModelSnippets) => ToggleName[];
  /** A line about the tab's choices, shown above the code. */
  noteFor?: (answer: ModelSnippets, toggles: Toggles) => string | undefined;
  /** Its snippets come in groups of one client (an app's commands): ←/→ chooses the group, `n` the snippet in it. */
  groupsByClient?: boolean;
  /** The page opens on this tab for the answer. */
  opensFor?: (answer: ModelSnippets) => boolean;
}

/** The memory sizes the Local apps tab offers (`M`), after the default quantization. */
export const memoryChoices: readonly (string | undefined)[] = [undefined, "8GB", "16GB", "24GB", "32GB", "64GB"];

/** The quantization the local apps run, as the answer says: for the memory chosen, how it fits; else the others there are. */
function quantNote(answer: ModelSnippets, toggles: Toggles): string | undefined {
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
const inferenceNote = (answer: ModelSnippets) => (answer.notes.length > 0 ? answer.notes.join(" ") : undefined);

const labels: Record<SnippetKind, string> = { inference: "Inference", library: "Library", app: "Local apps" };

/** What each kind's tab adds to the core's answer: its note and layout. */
const tabOptions: Record<SnippetKind, Pick<SnippetSource, "noteFor" | "groupsByClient">> = {
  inference: { noteFor: inferenceNote },
  library: {},
  app: { noteFor: quantNote, groupsByClient: true },
};

/**
 * The tabs of the model page: one per kind of the core's answer, in its order. The Local apps tab shows every app
 * that runs the model, grouped by app, the apps the CLI's answer names first (the answer's order).
 */
export const snippetSources: readonly SnippetSource[] = snippetKinds.map((kind) => ({
  id: kind,
  label: labels[kind],
  snippetsFor: (answer) => answer.snippets.filter((snippet) => snippet.kind === kind),
  errorFor: (answer) => answer.page?.failed[kind],
  togglesFor: (answer) => answer.page?.toggles[kind] ?? [],
  opensFor: (answer) => answer.page?.opensOn === kind,
  ...tabOptions[kind],
}));
