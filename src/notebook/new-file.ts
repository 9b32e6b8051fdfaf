import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { notebookFileName } from "./file-name.js";
import { notebookJson, type Notebook } from "./notebook.js";

/**
 * Writes the notebook to a new file in `folder`, named as `--notebook` names it (`owner--name.ipynb`, then `-2`, `-3`,
 * …). Each name is claimed by an exclusive create, so no file is overwritten, not even one made while we write.
 * Returns the file's path; any other failure (a folder that cannot be written) is thrown as it is.
 */
export function writeNewNotebookFile(notebook: Notebook, id: string, folder: string): string {
  const text = notebookJson(notebook);
  const taken = new Set<string>();
  for (;;) {
    const name = notebookFileName(id, (candidate) => taken.has(candidate));
    try {
      writeFileSync(join(folder, name), text, { flag: "wx" });
      return join(folder, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      taken.add(name);
    }
  }
}
