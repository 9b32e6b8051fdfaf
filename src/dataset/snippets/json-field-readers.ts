import { arg, assign, call, python } from "../../libraries/python-code.js";
import { code, type Code } from "../../values/data-value.js";
import type { DatasetChoice } from "./choice.js";
import { tableAsk } from "./reader-options.js";

/*
 * A card's `field:` (SQuAD-style JSON: one object per file whose list under that key holds the rows), read as 🤗
 * Datasets' json builder reads it: each file whole, its object's list taken as the rows. pandas and Polars build the
 * table from the lists read through the Hub's file system; DuckDB unnests the list column of read_json's one row per
 * file. The key and the encoding enter the code as literals.
 */

/** Code and the packages it needs (python-readers.ts' DatasetCode, which imports this module). */
interface FieldCode {
  content: string;
  pip: string[];
}

/** The files of the split, as the Hub's file system names them: `paths`. */
function pathsOf(choice: DatasetChoice): Code {
  if (choice.oneFile) return code(assign("paths =", [choice.paths[0]!]).text);
  if (choice.paths.length === 1) return code(call("paths = fs.glob(", [arg(choice.paths[0]!)]).text);
  return code(`${assign("patterns =", choice.paths).text}\npaths = [path for pattern in patterns for path in fs.glob(pattern)]`);
}

/** `rows`: every file's list under the field, in the files' order. */
function rowsOf(choice: DatasetChoice): Code {
  const ask = tableAsk(choice);
  const open = ask.encoding !== undefined ? python`fs.open(path, "r", encoding=${ask.encoding})` : 'fs.open(path, "r", encoding="utf-8")';
  return code(
    `fs = HfFileSystem()\n${pathsOf(choice).text}\n${python`field = ${ask.field!}`}\n# Each file is one JSON object; the rows are the list under its key \`field\`, as the card says.\nrows = []\nfor path in paths:\n    with ${open} as file:\n        rows += json.load(file)[field]`,
  );
}

export function pandasFieldCode(choice: DatasetChoice): FieldCode {
  return {
    content: python`import json\n\nimport pandas as pd\nfrom huggingface_hub import HfFileSystem\n\n${rowsOf(choice)}\ndf = pd.DataFrame(rows)\nprint(df.head())\n`,
    pip: ["pandas", "huggingface-hub"],
  };
}

export function polarsFieldCode(choice: DatasetChoice): FieldCode {
  return {
    content: python`import json\n\nimport polars as pl\nfrom huggingface_hub import HfFileSystem\n\n${rowsOf(choice)}\ndf = pl.DataFrame(rows)\nprint(df.head())\n`,
    pip: ["polars", "huggingface-hub"],
  };
}
