// Bundled in place of src/cli/load-terminal-views.ts: the Ink views are a bundle of their own, dist/ui.cjs, which
// only a terminal run loads, from its own code cache, through the loader's __hubSnippetsLoad.
import type * as TerminalViews from "../../../src/ui/terminal-views.js";

export const loadTerminalViews = async (): Promise<typeof TerminalViews> => __hubSnippetsLoad("ui") as typeof TerminalViews;
