import { existsSync } from "node:fs";
import { basename } from "node:path";
import { UserError } from "../errors.js";
import { modelIdPattern } from "../model/model-id.js";
import { readModelRecord } from "../model/read.js";
import type { ModelRecord } from "../model/record.js";
import { completeRecordCurl } from "../model/record-url.js";
import { exampleModelFile } from "../examples.js";
import { examplePrefix, exampleNames } from "./example-names.js";
import { readingTheKindMeant } from "./command-meant.js";
import { shellQuote } from "./shell-quote.js";
import { sayWhenReadingTerminal } from "./stdin-notice.js";

/**
 * Where a command reads a model record from: a file, `-` for stdin, or `example:<name>`, one of the records shipped
 * in the package's examples/ (so that `npx hub-snippets` in an empty folder runs the help's examples). An argument
 * that is no file but names a shipped example, or looks like a Hub model id, gets the way forward in its error.
 */

/** The user's command line with `source` replaced by `replacement` (as an argument or in `--opt=source`). */
function commandLineWith(source: string, replacement: string): string[] | undefined {
  const argv = process.argv.slice(2);
  const at = argv.findIndex((arg) => arg === source || arg.endsWith(`=${source}`));
  if (at === -1) return undefined;
  const arg = argv[at] as string;
  return [...argv.slice(0, at), arg === source ? replacement : `${arg.slice(0, -source.length)}${replacement}`, ...argv.slice(at + 1)];
}

const commandText = (argv: readonly string[]) => ["hub-snippets", ...argv].map(shellQuote).join(" ");

/** The first word of a command whose records may come from stdin (`-`); the browser (`--model`) needs a file. */
const readsStdin = new Set(["snippet", "apps", "providers"]);

/** What to run instead when `source`, no file, looks like a model id: fetch its complete record, then use it. */
function modelIdHint(source: string): string {
  const curl = completeRecordCurl(source);
  const piped = commandLineWith(source, "-");
  const usage =
    piped !== undefined && readsStdin.has(piped[0] ?? "")
      ? `${curl} | ${commandText(piped)}`
      : `${curl} > model.json && ${commandText(commandLineWith(source, "model.json") ?? ["snippet", "model.json"])}`;
  const flags = process.argv[2] === "snippet" ? `; or build a minimal record from flags: hub-snippets snippet --id ${source} --task <pipeline>` : "";
  return `${source}: no such file; to use the Hub model of that id, fetch its complete record (the tool itself makes no network call): ${usage}${flags}`;
}

/** Reads the model record an argument names: a file, `-` (stdin) or `example:<name>`. */
export function readRecordArgument(source: string): ModelRecord {
  const example = exampleModelFile(source);
  if (example !== undefined) return readModelRecord(example);
  if (source === "-") sayWhenReadingTerminal("model");
  try {
    return readingTheKindMeant(source, () => readModelRecord(source));
  } catch (error) {
    if (!(error instanceof UserError) || source === "-" || existsSync(source)) throw error;
    const example = basename(source).replace(/\.json$/, "");
    if (exampleNames().includes(example)) {
      throw new UserError(
        `${source}: no such file; the shipped example of that name is ${examplePrefix}${example}: ${commandText(commandLineWith(source, `${examplePrefix}${example}`) ?? ["snippet", `${examplePrefix}${example}`])}`,
      );
    }
    if (modelIdPattern.test(source) && !source.endsWith(".json")) throw new UserError(modelIdHint(source));
    throw error;
  }
}
