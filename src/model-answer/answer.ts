import type { Snippet } from "../code/snippet.js";
import type { InferenceSnippetOptions } from "../inference/options.js";
import type { CallInputs } from "../inference/snippets.js";

/*
 * The answer to "how do I use this model", as the library API gives it: the decision of src/model-answer/decision.ts,
 * narrowed by a filter (src/model-answer/filter.ts). The faces (the CLI, the browser, the notebook) read a decision and
 * its filtered answers; nothing here is theirs.
 */

/** The kinds of snippet, in the order a model's answer lists them. */
export const snippetKinds = ["inference", "library", "app"] as const;
export type SnippetKind = (typeof snippetKinds)[number];

/** A snippet and its kind: an inference call (client: the HTTP client or SDK), loading code (the library), an app's commands (the app). */
export interface ModelSnippet extends Snippet {
  kind: SnippetKind;
}

/**
 * What a model's code is decided from, beside its record: the choices that change the code (the provider, streaming,
 * the memory the apps' quantization fits, …). No filter and no face: the same choices give the same decision.
 */
export interface ModelChoices extends Omit<InferenceSnippetOptions, "routeProvider"> {
  /** With apps that name a GGUF quantization: the biggest that fits this memory (`16GB`, `24GiB`, or bytes). */
  memory?: string | number;
}

/** Which of the decided snippets an answer shows. */
export interface AnswerFilter {
  /** Only snippets in this language. */
  language?: string;
  /** Only snippets of this client, library or app. */
  client?: string;
  /** Only this kind (what the CLI's --provider, --library and --app ask for). */
  kind?: SnippetKind;
  /** Only this app's snippets (the kind is then `app`). */
  app?: string;
  /** Every app that runs the model, rather than the shortlist (an `app` asked for is always shown). */
  allApps?: boolean;
}

/** getModelSnippets's options: the choices the code is decided from, and the filter of the answer. */
export interface ModelSnippetOptions extends ModelChoices, AnswerFilter {}

/** The answer to "how do I use this model": the snippets, and what the user should know about them. */
export interface ModelSnippets {
  snippets: ModelSnippet[];
  /** Lines for the user beside the code: a record without providers, a provider asked for that is not live. */
  notes: string[];
  /** For each kind that has no snippet, why (an inference task no provider serves, a library without a recipe). */
  missing: Partial<Record<SnippetKind, string>>;
  /**
   * The provider the inference snippets use (`auto`: the router chooses), the route raw HTTP calls post to, and what
   * the calls read where they run (their token's environment variable, the sample file they send).
   */
  inference?: { provider: string; routeProvider: string | undefined; reads?: CallInputs };
  /** Apps that run the model whose snippets were left out of a default answer (one `app` option away). */
  otherApps: string[];
  /** Why nothing at all is written for this model, whatever the options (a model the Hub has disabled). */
  refused?: string;
  /**
   * The record's live providers, when it carries an inferenceProviderMapping: those `provider` may name, and the live
   * ones refused by name (namedLiveProviders).
   */
  liveProviders?: { accepted: string[]; unknown: string[] };
  /** The library whose loading code the model gets (llama-cpp-python for GGUF files), whether or not it has a recipe. */
  libraryKey?: string;
  /** When a language or client filter left the answer empty (no app asked for): each kind's snippets without it, as `language/client`. */
  beforeFilter?: Partial<Record<SnippetKind, string[]>>;
  /** Options asked for that change nothing for this record, and why: `stream` on a task other than chat. */
  inapplicable?: { stream?: string };
}
