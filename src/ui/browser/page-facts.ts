import type { SnippetKind } from "../../model-answer/answer.js";
import type { ModelDecision, QuantChoice } from "../../model-answer/decision.js";
import type { Policy } from "../../inference/policy.js";

/*
 * What the model page shows beside a model's snippets, read from the core's decision: the providers its provider
 * toggle cycles, which toggle changes which kind, the GGUF quantization the local apps run, and the kind it opens on.
 */

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

/**
 * A choice of the page that changes snippets: the provider of the inference calls, the router's provider policy,
 * streaming, the memory the apps' quantization fits.
 */
export type PageToggle = "provider" | "policy" | "stream" | "memory";

/** What a page shows beside the snippets of an answer. */
export interface PageFacts {
  /** The providers the provider toggle offers, the core's choice first (ModelDecision.providersOffered). */
  providers: string[];
  /** For each kind, the toggles that change its snippets for this model. */
  toggles: Record<SnippetKind, PageToggle[]>;
  /** The GGUF quantization the local apps run, when the model is a GGUF model whose file names carry one. */
  quant: QuantChoice | undefined;
  /** For each kind whose toggles fit nothing (a memory no quantization fits): the message shown instead of its snippets. */
  failed: Partial<Record<SnippetKind, string>>;
  /** The kind the page opens on: the local apps for a GGUF repository, which no provider serves. */
  opensOn: "app" | undefined;
}

/** The facts of a page, read from the decision, with the messages of the kinds that failed for the page's toggles. */
export function pageFactsOf(decision: ModelDecision, failed: PageFacts["failed"]): PageFacts {
  const providers = decision.providersOffered();
  return {
    providers,
    toggles: {
      inference: [
        ...(providers.length > 1 ? (["provider"] as const) : []),
        ...(decision.policyApplies() ? (["policy"] as const) : []),
        ...(decision.streams() ? (["stream"] as const) : []),
      ],
      library: [],
      // The memory changes the apps' commands only where a file name carries a quantization.
      app: decision.quantByDefault() !== undefined ? ["memory"] : [],
    },
    quant: decision.quant(),
    failed,
    opensOn: decision.view.gguf.repository ? "app" : undefined,
  };
}
