import { shell } from "../../libraries/shell-code.js";
import { commentText } from "../../values/visible-text.js";
import type { DatasetChoice } from "./choice.js";
import type { DatasetCode } from "./python-readers.js";

/**
 * The hf CLI downloads the dataset's files into a folder named after it: the chosen split's files when the card
 * names them, else the whole repository; a script dataset's from the Hub's parquet conversion of it.
 */
export function downloadCode(choice: DatasetChoice): DatasetCode {
  const id = choice.view.id;
  const folder = id.split("/").pop()!;
  // A large split: its first file, a sample; the comment says how to get them all.
  const first = choice.large ? choice.split?.files[0] : undefined;
  // A LeRobot or FiftyOne repository is read whole: its metadata names the videos, media and labels beside the data.
  const whole = choice.view.nativeLibrary !== undefined;
  const includes = whole ? [] : first !== undefined ? [first] : (choice.split?.paths ?? []);
  const words = includes.map((pattern) => shell` --include ${pattern}`).join("");
  const branch = choice.revision === undefined ? "" : shell` --revision ${choice.revision}`;
  const command = shell`hf download ${id} --repo-type dataset` + branch;
  const tail = shell` --local-dir ${folder}`;
  const note = first !== undefined ? `# ${commentText(choice.large!)}: this downloads the first of its ${choice.split!.files.length} files.\n` : "";
  return { content: `${note}${command}${words}${tail}\n`, pip: ["huggingface-hub"] };
}
