// Everything the CLI shows through Ink, in one module: the CLI build makes it a bundle of its own (dist/ui.cjs),
// loaded only when stdout is a terminal. The browser initialises only when it runs.
import type { OpenModel } from "./browser/App.js";

export { showDocument, showTable } from "./render-once.js";
export { showSnippets } from "./render-snippets.js";
export type { OpenModel } from "./browser/App.js";

/** The interactive browser; with a model (a record the CLI has read and checked), it opens on that model's page. */
export async function runBrowser(initialModel?: OpenModel): Promise<number> {
  return (await import("./browser/run.js")).runBrowser(initialModel);
}
