import { basename, isAbsolute, relative } from "node:path";
import { writeNewNotebookFile } from "../../notebook/new-file.js";
import type { Notebook } from "../../notebook/notebook.js";

/** Saves a notebook named after a repository and says where (or throws with a message to show). */
export type NotebookService = (notebook: Notebook, id: string) => Promise<string>;

/** The file as a person at the working folder types it: `./name.ipynb` there, its full path elsewhere. */
function shownPath(path: string): string {
  const inWorkingFolder = relative(process.cwd(), path);
  return inWorkingFolder === basename(path) && !isAbsolute(inWorkingFolder) ? `./${inWorkingFolder}` : path;
}

/** The browser's `n`: the notebook saved in `folder` (the working folder when run), and one status line about it. */
export function notebookSaver(folder: string): NotebookService {
  return async (notebook, id) => {
    let path: string;
    try {
      path = writeNewNotebookFile(notebook, id, folder);
    } catch (error) {
      throw new Error(`Could not write the notebook: ${error instanceof Error ? error.message : String(error)}`);
    }
    return `Wrote ${shownPath(path)}: open it in Jupyter, or upload it to Colab or Kaggle`;
  };
}
