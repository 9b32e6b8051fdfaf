import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../snippets/clients.js";
import type { ModelSnippets } from "../../snippets/model-snippets.js";
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
