import { modelFormats } from "../../catalogue/apps.js";
import type { ModelRecord } from "../../model/record.js";
import { getAllLocalAppSnippets } from "../../snippets/apps/snippets.js";
import type { Snippet } from "../../snippets/clients.js";
import { chooseGgufQuant } from "../../snippets/gguf-choice.js";
import { isChatModel } from "../../snippets/inference/request.js";
import { getInferenceSnippets } from "../../snippets/inference/snippets.js";
import { getLibrarySnippets } from "../../snippets/libraries/snippets.js";
import { providerChoices } from "./provider-choices.js";

/** The choices of the model page that change the snippets. */
export interface Toggles {
  provider: string;
  stream: boolean;
}

export type ToggleName = keyof Toggles;

/** One tab of the model page: a kind of snippet the core makes for a model. */
export interface SnippetSource {
  id: string;
  label: string;
  /** The snippets for the model; the tab shows only when there are some. */
  snippetsFor: (model: ModelRecord, toggles: Toggles) => Snippet[];
  /** The toggles that change this tab's snippets for this model. */
  togglesFor?: (model: ModelRecord) => ToggleName[];
  /** A line about the tab's choices for this model, shown above the code. */
  noteFor?: (model: ModelRecord) => string | undefined;
}


function ggufNote(model: ModelRecord): string | undefined {
  if (!modelFormats(model).has("gguf")) return undefined;
  const { chosen, others } = chooseGgufQuant(model);
  if (!chosen) return undefined;
  return `GGUF quant: ${chosen}${others.length > 0 ? ` (also in the repository: ${others.join(", ")})` : ""}`;
}

/** The tabs of the model page, in order: a new kind of snippet is one more entry. */
export const snippetSources: readonly SnippetSource[] = [
  {
    id: "inference",
    label: "Inference",
    snippetsFor: (model, toggles) => getInferenceSnippets(model, { provider: toggles.provider, stream: toggles.stream }),
    togglesFor: (model) => [...(providerChoices(model).length > 1 ? (["provider"] as const) : []), ...(isChatModel(model) ? (["stream"] as const) : [])],
  },
  { id: "library", label: "Library", snippetsFor: (model) => getLibrarySnippets(model) },
  {
    id: "local-apps",
    label: "Local apps",
    snippetsFor: (model) => getAllLocalAppSnippets(model),
    noteFor: ggufNote,
  },
];
