import { UserError } from "../errors.js";
import { RecordOfOtherKind } from "../validation/record-json.js";
import { shellQuote } from "./shell-quote.js";

/** The command that reads each kind of record, and what it writes for one. */
const commandOf = { model: { command: "snippet", gives: "snippets" }, dataset: { command: "dataset", gives: "loading code" } } as const;

/**
 * Reads a record with `read`; a record of the other kind exits 2 with the command meant for it (`hub-snippets dataset
 * imdb.json` for a dataset record given to `snippet`), for the same file or, from stdin, piped to it again.
 */
export function readingTheKindMeant<T>(source: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof RecordOfOtherKind)) throw error;
    const { command, gives } = commandOf[error.says];
    const run = source === "-" ? `pipe it to hub-snippets ${command} -` : `hub-snippets ${command} ${shellQuote(source)}`;
    throw new UserError(`${error.message}; for its ${gives}: ${run}`);
  }
}
