// Everything the CLI shows through Ink, in one module: the CLI build makes it a bundle of its own (dist/ui.cjs),
// loaded only when stdout is a terminal. The browser initialises only when it runs.
export { showDocument, showTable } from "./render-once.js";
export { showSnippets } from "./render-snippets.js";

export async function runBrowser(): Promise<number> {
  return (await import("./browser/run.js")).runBrowser();
}
