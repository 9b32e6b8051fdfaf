/**
 * Loads `snippet --notebook`'s command (the notebook builder and its cells), which only --notebook runs. The CLI
 * build replaces this module with scripts/cli-bundle/swaps/load-notebook-bundled.ts, which loads dist/notebook.cjs,
 * so that the snippet bundle every other run starts does not carry it.
 */
export const loadNotebookCommand = () => import("./commands/snippet-notebook.js");
