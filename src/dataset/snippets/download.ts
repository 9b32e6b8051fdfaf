import { shell } from "../../snippets/libraries/shell-code.js";
import type { DatasetChoice } from "./choice.js";
import type { DatasetCode } from "./python-readers.js";

/**
 * The hf CLI downloads the dataset's files into a folder named after it: the chosen split's files when the card
 * names them, else the whole repository.
 */
export function downloadCode(choice: DatasetChoice): DatasetCode {
  const id = choice.view.id;
  const folder = id.split("/").pop()!;
  const prefix = `datasets/${id}/`;
  const includes = choice.paths.map((path) => path.slice(prefix.length));
  const words = includes.map((pattern) => shell` --include ${pattern}`).join("");
  const command = shell`hf download ${id} --repo-type dataset`;
  const tail = shell` --local-dir ${folder}`;
  return { content: `${command}${words}${tail}\n`, pip: ["huggingface-hub"] };
}
