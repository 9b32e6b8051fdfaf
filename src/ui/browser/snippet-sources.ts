import { modelFormats } from "../../model/formats.js";
import { isGgufRepository } from "../../model/gguf.js";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../snippets/clients.js";
import { chooseGgufQuant } from "../../snippets/gguf-choice.js";
import { isChatModel } from "../../snippets/inference/request.js";
import { formatBytes, parseMemorySize } from "../../snippets/memory-fit.js";
import { getModelSnippets, snippetKinds, type SnippetKind } from "../../snippets/model-snippets.js";
import { providerChoices } from "./provider-choices.js";

/** The choices of the model page that change the snippets. */
export interface Toggles {
  provider: string | undefined;
  stream: boolean;
  /** The memory the local apps' quantization must fit (`16GB`), or undefined for the default quantization. */
  memory: string | undefined;
}

export type ToggleName = "provider" | "stream" | "memory";

/** One tab of the model page: a kind of snippet the core makes for a model. */
export interface SnippetSource {
  id: string;
  label: string;
  /**
   * The snippets for the model; the tab shows only when there are some. It may throw a UserError (a memory no
   * quantization fits), which the page shows in the tab instead of code.
   */
  snippetsFor: (model: ModelRecord, toggles: Toggles) => Snippet[];
  /** The toggles that change this tab's snippets for this model. */
  togglesFor?: (model: ModelRecord) => ToggleName[];
  /** Lines about the tab's choices for this model, shown above the code. */
  noteFor?: (model: ModelRecord, toggles: Toggles) => string | undefined;
  /** Its snippets come in groups of one client (an app's commands): ←/→ chooses the group, `n` the snippet in it. */
  groupsByClient?: boolean;
  /** The page opens on this tab for such a model. */
  opensFor?: (model: ModelRecord) => boolean;
}

/** The memory sizes the Local apps tab offers (`M`), after the default quantization. */
export const memoryChoices: readonly (string | undefined)[] = [undefined, "8GB", "16GB", "24GB", "32GB", "64GB"];

function ggufNote(model: ModelRecord, toggles: Toggles): string | undefined {
  if (!modelFormats(model).has("gguf")) return undefined;
  const memory = toggles.memory === undefined ? undefined : parseMemorySize(toggles.memory);
  const { chosen, others, fit } = chooseGgufQuant(model, { memory });
  if (!chosen) return undefined;
  if (fit) {
    const estimated = fit.estimate ? ", sizes estimated from the parameter count" : "";
    return `Memory ${toggles.memory}: ${chosen}, ${formatBytes(fit.bytes)} of weights + ${formatBytes(fit.margin)} for the context${estimated}`;
  }
  return `GGUF quant: ${chosen}${others.length > 0 ? ` (also in the repository: ${others.join(", ")})` : ""}`;
}

/** Whether `M` changes anything: a GGUF repository whose file names carry quantizations. */
const picksQuant = (model: ModelRecord) => modelFormats(model).has("gguf") && chooseGgufQuant(model).chosen !== undefined;

/** The providers' notes (a staging provider, a record without a mapping) for the Inference tab. */
function inferenceNote(model: ModelRecord, toggles: Toggles): string | undefined {
  const notes = getModelSnippets(model, { kind: "inference", provider: toggles.provider }).notes;
  return notes.length > 0 ? notes.join(" ") : undefined;
}

const labels: Record<SnippetKind, string> = { inference: "Inference", library: "Library", app: "Local apps" };

/** What each kind's tab adds to the core's answer: its toggles, notes and layout. */
const tabOptions: Record<SnippetKind, Omit<SnippetSource, "id" | "label" | "snippetsFor">> = {
  inference: {
    togglesFor: (model) => [...(providerChoices(model).length > 1 ? (["provider"] as const) : []), ...(isChatModel(model) ? (["stream"] as const) : [])],
    noteFor: inferenceNote,
  },
  library: {},
  app: {
    togglesFor: (model) => (picksQuant(model) ? ["memory"] : []),
    noteFor: ggufNote,
    groupsByClient: true,
    // No provider serves a repository of GGUF files: what runs it locally comes first.
    opensFor: isGgufRepository,
  },
};

/**
 * Every app's snippets, the apps the CLI's answer names (its shortlist, `getModelSnippets` without allApps) first and
 * in its order, then the others: the tab opens on the app the command line names first.
 */
function appSnippets(model: ModelRecord, toggles: Toggles): Snippet[] {
  const options = { kind: "app" as const, memory: toggles.memory };
  const shortlist = [...new Set(getModelSnippets(model, options).snippets.map((snippet) => snippet.client))];
  const rank = (client: string) => (shortlist.includes(client) ? shortlist.indexOf(client) : shortlist.length);
  // A stable sort: each app's commands, and the apps outside the shortlist, keep the core's order.
  return getModelSnippets(model, { ...options, allApps: true }).snippets.sort((a, b) => rank(a.client) - rank(b.client));
}

/**
 * The tabs of the model page: one per kind of the core's answer (getModelSnippets), in its order, each asking the
 * core for its own kind. The Local apps tab shows every app that runs the model, grouped by app.
 */
export const snippetSources: readonly SnippetSource[] = snippetKinds.map((kind) => ({
  id: kind,
  label: labels[kind],
  snippetsFor: (model, toggles) =>
    kind === "app"
      ? appSnippets(model, toggles)
      : getModelSnippets(model, { kind, provider: toggles.provider, stream: toggles.stream, memory: toggles.memory }).snippets,
  ...tabOptions[kind],
}));
