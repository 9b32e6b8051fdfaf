// Bundled in place of src/cli/load-notebook-command.ts: `snippet --notebook` (src/notebook/'s model notebook and its
// cells) is a bundle of its own, dist/notebook.cjs, loaded through the loader's __hubSnippetsLoad by --notebook
// only, rather than parsed by every run of the snippet bundle (issue 64).
import type * as NotebookCommand from "../../../src/cli/commands/snippet-notebook.js";

export const loadNotebookCommand = async (): Promise<typeof NotebookCommand> => __hubSnippetsLoad("notebook") as typeof NotebookCommand;
