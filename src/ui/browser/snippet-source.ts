import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../code/snippet.js";
import type { PageAnswer } from "./page-answers.js";
import type { PageNotebook } from "./page-notebook.js";
import type { PageToggle, Toggles } from "./page-facts.js";

export type { Toggles };

export type ToggleName = PageToggle;

/**
 * One tab of the model page: a part of the core's answer for the page's toggles (page-answers.ts),
 * which the tab reads and formats, deciding nothing.
 */
export interface SnippetSource {
  id: string;
  label: string;
  /** The tab's snippets in the answer; the tab shows only when there are some, or an error. */
  snippetsFor: (answer: PageAnswer, model: ModelRecord) => Snippet[];
  /** Why the tab has no code for the toggles (a memory no quantization fits), shown instead of code. */
  errorFor?: (answer: PageAnswer) => string | undefined;
  /** The toggles that change this tab's snippets. */
  togglesFor?: (answer: PageAnswer) => ToggleName[];
  /** A line about the tab's choices, shown above the code. */
  noteFor?: (answer: PageAnswer, toggles: Toggles) => string | undefined;
  /** Its snippets come in groups of one client (an app's commands): ←/→ chooses the group, `n` the snippet in it. */
  groupsByClient?: boolean;
  /** What `n` writes on this tab for the snippet shown: the page's notebook (the answer's Python) unless the tab says. */
  notebookFor?: (answer: PageAnswer, snippet: Snippet | undefined) => PageNotebook;
  /** The page opens on this tab for the answer. */
  opensFor?: (answer: PageAnswer) => boolean;
}
