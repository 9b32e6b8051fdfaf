import { getProvider, providersForTask, servesTask } from "../catalogue/providers.js";
import type { RecordView } from "../model/view.js";
import { UserError } from "../errors.js";
import { chooseAmongQuants } from "./gguf-choice.js";
import { isLive } from "../model/provider-mapping.js";
import { providerChoiceOf } from "./inference/provider-choice.js";
import { inferenceTasks } from "../catalogue/inference-kinds.js";
import { parseMemorySize, type MemoryFit } from "./memory-fit.js";

/*
 * What a page of toggles (the browser's model page) shows beside a model's snippets, decided here once from the
 * record's view, so that the page formats it and decides nothing: the providers its provider toggle cycles, which
 * toggle changes which kind, the GGUF quantization the local apps run, and the kind it opens on.
 */

/**
 * A choice of the page that changes snippets: the provider of the inference calls, the router's provider policy,
 * streaming, the memory the apps' quantization fits.
 */
export type PageToggle = "provider" | "policy" | "stream" | "memory";

/** The GGUF quantization the local apps run (llama.cpp's choice), for the memory asked or by default. */
export interface PageQuant {
  /** The label the apps run. */
  chosen: string;
  /** The other labels the repository offers, biggest first. */
  others: string[];
  /** With a memory: how the chosen quantization fits it (its bytes, the margin for the context, whether estimated). */
  fit: MemoryFit | undefined;
}

/** What a page shows beside the snippets of an answer (the `page` of getModelSnippets's answer). */
export interface PageFacts {
  /**
   * The providers the provider toggle offers, the core's choice first: with a mapping, `auto` and the record's live
   * providers that serve its task; without one, every provider of the task. Empty when no provider serves the model.
   */
  providers: string[];
  /** For each kind, the toggles that change its snippets for this model. */
  toggles: { inference: PageToggle[]; library: PageToggle[]; app: PageToggle[] };
  /** The GGUF quantization the local apps run, when the model is a GGUF model whose file names carry one. */
  quant: PageQuant | undefined;
  /** For each kind whose toggles fit nothing (a memory no quantization fits): the message shown instead of its snippets. */
  failed: { inference?: string; library?: string; app?: string };
  /** The kind the page opens on: the local apps for a GGUF repository, which no provider serves. */
  opensOn: "app" | undefined;
}

/** The providers a page offers for the view's task (see PageFacts.providers). */
function providersOffered(view: RecordView): string[] {
  const kind = view.kind;
  if (kind === undefined) return [];
  const decided = providerChoiceOf(view, kind, undefined);
  if (!decided.served) return [];
  const serves = (id: string) => {
    const provider = getProvider(id);
    return provider !== undefined && servesTask(provider, kind);
  };
  const others = view.providers.mapped ? ["auto", ...view.providers.live.map((entry) => entry.provider).filter(serves)] : providersForTask(kind);
  return [...new Set([decided.provider, ...others])];
}

/** The quantization for the memory asked (or the default): undefined when no file name carries one, or none fits. */
function quantFor(view: RecordView, memory: string | number | undefined): PageQuant | undefined {
  if (!view.formats.has("gguf")) return undefined;
  const repository = { id: view.id, parameters: view.gguf.parameters };
  try {
    const bytes = typeof memory === "string" ? parseMemorySize(memory) : memory;
    const { chosen, others, fit } = chooseAmongQuants(repository, view.gguf.quants, { memory: bytes });
    return chosen === undefined ? undefined : { chosen, others, fit };
  } catch (error) {
    // A memory no quantization fits: the local apps' tab says so (PageFacts.failed).
    if (error instanceof UserError) return undefined;
    throw error;
  }
}

/**
 * The facts of a page, for the view and the memory asked; `failed` is filled in as the kinds are answered. The
 * provider choices come first: with no provider asked, the page asks for the first by name.
 */
export function pageFactsOf(view: RecordView, memory: string | number | undefined): PageFacts {
  const providers = providersOffered(view);
  const kind = view.kind;
  const chat = kind !== undefined && inferenceTasks[kind].request === "chat";
  // A policy needs a live chat provider to choose among (policyNote refuses it otherwise).
  const policy = chat && view.providers.entries.some((entry) => isLive(entry) && (entry.task === undefined || entry.task === "conversational"));
  const byDefault = quantFor(view, undefined);
  return {
    providers,
    toggles: {
      inference: [...(providers.length > 1 ? (["provider"] as const) : []), ...(policy ? (["policy"] as const) : []), ...(chat ? (["stream"] as const) : [])],
      library: [],
      // The memory changes the apps' commands only where a file name carries a quantization.
      app: byDefault !== undefined ? ["memory"] : [],
    },
    quant: memory === undefined ? byDefault : quantFor(view, memory),
    failed: {},
    opensOn: view.gguf.repository ? "app" : undefined,
  };
}
