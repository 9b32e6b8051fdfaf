import { resolve } from "node:path";
import { ExitCode, UserError } from "../errors.js";
import { writeNewNotebookFile } from "../notebook/new-file.js";
import { noNotebookReason } from "../notebook/no-notebook.js";
import { notebookJson, type Notebook } from "../notebook/notebook.js";
import { stdoutIsTerminal, warn, writeStdout } from "./output.js";

/*
 * `--notebook`: piped or redirected, the notebook's JSON is stdout's only text (`… --notebook > model.ipynb`); on a
 * terminal, it is written to a new file in the working folder named after the repository, and stderr says where.
 * Neither path loads Ink.
 */

export interface NotebookOptions {
  lang?: string;
  json?: boolean;
  copy?: boolean;
}

/** A notebook holds Python (and the shell lines it runs): another --lang, --json or --copy cannot go with it. */
export function checkNotebookOptions(options: NotebookOptions): void {
  if (options.lang !== undefined && options.lang !== "python")
    throw new UserError(`--notebook writes Python: give it without --lang, or with --lang python (not ${options.lang})`);
  if (options.json) throw new UserError("--notebook writes the notebook's own JSON: give it without --json");
  if (options.copy) throw new UserError("--notebook writes a file: give it without --copy");
}

/** Why there is no notebook: no snippet of the answer belongs in one (exit 1). */
export function noNotebook(id: string, printed: readonly { language: string; client: string }[]): UserError {
  return new UserError(noNotebookReason(id, printed), ExitCode.noMatch);
}

/** Prints the notebook, or saves it where a person at a terminal can open it. Returns the file written, if any. */
export function emitNotebook(notebook: Notebook, id: string, folder = process.cwd()): string | undefined {
  if (!stdoutIsTerminal()) {
    writeStdout(notebookJson(notebook));
    return undefined;
  }
  let path: string;
  try {
    path = writeNewNotebookFile(notebook, id, resolve(folder));
  } catch (error) {
    throw new UserError(`could not write the notebook in ${resolve(folder)}: ${error instanceof Error ? error.message : String(error)}`, ExitCode.usage, {
      cause: error,
    });
  }
  warn(`wrote the notebook to ${path}: open it in Jupyter, or upload it to Colab (File → Upload notebook) or Kaggle (File → Import Notebook)`);
  return path;
}
