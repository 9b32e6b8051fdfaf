import { writeFile } from "node:fs/promises";
import { basename, isAbsolute, join, relative } from "node:path";
import { notebookFileName } from "../../notebook/file-name.js";
import { notebookJson, type Notebook } from "../../notebook/notebook.js";

/** Saves a notebook named after a repository and says where (or throws with a message to show). */
export type NotebookService = (notebook: Notebook, id: string) => Promise<string>;

/**
 * Writes the notebook to a new file in `folder`, named as `--notebook` names it (`owner--name.ipynb`, then `-2`, `-3`,
 * …). Each name is claimed by an exclusive create, so no file is overwritten, not even one made while we write.
 * Resolves with the file's path.
 */
export async function writeNewNotebookFile(notebook: Notebook, id: string, folder: string): Promise<string> {
  const text = notebookJson(notebook);
  const taken = new Set<string>();
  for (;;) {
    const name = notebookFileName(id, (candidate) => taken.has(candidate));
    try {
      await writeFile(join(folder, name), text, { flag: "wx" });
      return join(folder, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      taken.add(name);
    }
  }
}

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
      path = await writeNewNotebookFile(notebook, id, folder);
    } catch (error) {
      throw new Error(`Could not write the notebook: ${error instanceof Error ? error.message : String(error)}`);
    }
    return `Wrote ${shownPath(path)}: open it in Jupyter, or upload it to Colab or Kaggle`;
  };
}
