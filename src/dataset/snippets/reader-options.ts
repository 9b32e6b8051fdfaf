import { kwarg } from "../../libraries/python-code.js";
import type { PythonArgument } from "../../code/literals/python.js";
import type { DataValue } from "../../values/data-value.js";
import type { DatasetChoice } from "./choice.js";

/*
 * The options a card config hands 🤗 Datasets' builder (card-rules.ts: `sep`, `header`, `names`, `encoding`, json's
 * `field`, parquet's `columns`, …), written for each table reader in its own terms: pandas' and Dask's read_csv take
 * pandas' names (the csv builder calls pandas.read_csv with them), Polars' `separator=`, `has_header=`,
 * `new_columns=`, DuckDB's `delim =`, `header =`, `names =`. A reader that has no way to say an option is not offered,
 * and the answer says why. Every value enters the code as a literal (Python, or an SQL string inside one).
 */

export type TableReader = "pandas" | "polars" | "duckdb" | "dask";

/** What the card asks of a table reader, read once from the config's options. */
export interface TableAsk {
  /** The csv builder's separator (`delimiter` wins over `sep`, as CsvConfig reads them). */
  sep?: string;
  /** pandas' `header`: a row number, or null for none; undefined is pandas' "infer" (the first row, unless names are given). */
  header?: number | null;
  names?: string[];
  skiprows?: number;
  comment?: string;
  quotechar?: string;
  encoding?: string;
  /** json: the key of the one JSON object whose list holds the rows. */
  field?: string;
  /** parquet: the columns read. */
  columns?: string[];
  /** The card's options set that no reader here is told (their names). */
  untold: string[];
}

/** Options that leave the rows as they are (chunk sizes, threads, the types the builder casts to). */
const rowNeutral = new Set([
  "features",
  "chunksize",
  "batch_size",
  "use_threads",
  "block_size",
  "memory_map",
  "verbose",
  "on_mixed_types",
  "parse_agent_traces",
  "newlines_in_values",
]);

const isText = (value: DataValue | undefined): value is string => typeof value === "string";
const isTexts = (value: DataValue | undefined): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");
const isCount = (value: DataValue | undefined): value is number => typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The card's options for the chosen config, as the readers are told them. */
export function tableAsk(choice: DatasetChoice): TableAsk {
  const options: Record<string, DataValue> = { ...(choice.config?.options ?? {}) };
  if (choice.format === "tsv" && options.sep === undefined && options.delimiter === undefined) options.sep = "\t";
  const ask: TableAsk = { untold: [] };
  const told = (key: string, ok: boolean) => {
    if (!ok) ask.untold.push(key);
    return ok;
  };
  for (const [key, value] of Object.entries(options)) {
    if (rowNeutral.has(key) || (value === null && key !== "header")) continue;
    switch (key) {
      case "sep":
        if (told(key, isText(value)) && options.delimiter == null) ask.sep = value as string;
        break;
      case "delimiter":
        if (told(key, isText(value))) ask.sep = value as string;
        break;
      case "header":
        if (value !== "infer" && told(key, value === null || isCount(value))) ask.header = value as number | null;
        break;
      case "names":
        if (told(key, isTexts(value)) && options.column_names == null) ask.names = value as string[];
        break;
      case "column_names":
        if (told(key, isTexts(value))) ask.names = value as string[];
        break;
      case "skiprows":
        if (told(key, isCount(value))) ask.skiprows = value as number;
        break;
      case "comment":
      case "quotechar":
      case "encoding":
      case "field":
        if (told(key, isText(value))) ask[key] = value as string;
        break;
      case "columns":
        if (told(key, isTexts(value))) ask.columns = value as string[];
        break;
      default:
        ask.untold.push(key);
    }
  }
  return ask;
}

/** A reader's arguments for the card's options, or why it cannot be told them. */
export type ReaderArgs = { args: PythonArgument[]; sql: string[] } | { reason: string };

const utf8 = (encoding: string | undefined) => encoding === undefined || /^utf[-_]?8$/i.test(encoding);
/** The encodings DuckDB's CSV reader knows without its encodings extension. */
const duckdbEncodings: Record<string, string> = {
  "latin-1": "latin-1",
  latin1: "latin-1",
  "iso-8859-1": "latin-1",
  "iso8859-1": "latin-1",
  "utf-16": "utf-16",
  utf16: "utf-16",
};

/** A string in SQL: single quotes, each inner one doubled. */
export const sqlString = (text: string) => `'${text.replace(/'/g, "''")}'`;
/** A name in SQL: double quotes, each inner one doubled. */
export const sqlName = (text: string) => `"${text.replace(/"/g, '""')}"`;

const readerNames: Record<TableReader, string> = { pandas: "pandas", polars: "Polars", duckdb: "DuckDB", dask: "Dask" };

/** How a reader is told the card's options for the chosen split, or why it is not offered. */
export function readerArgs(choice: DatasetChoice, reader: TableReader): ReaderArgs {
  const ask = tableAsk(choice);
  const name = readerNames[reader];
  if (ask.untold.length > 0)
    return {
      reason: `its card sets ${ask.untold.join(", ")} for 🤗 Datasets' ${choice.config?.builder ?? "table"} builder, which hub-snippets does not pass on to ${name}`,
    };
  const csv = choice.format === "csv" || choice.format === "tsv";
  if (csv) return csvArgs(ask, reader, name);
  if (choice.format === "json" || choice.format === "jsonl") {
    if (ask.field !== undefined && reader === "dask")
      return { reason: `its card reads each file's rows from one JSON object's ${ask.field} list (field), which Dask's read_json cannot` };
    if (!utf8(ask.encoding) && reader !== "pandas")
      return { reason: `its card reads the files as ${ask.encoding}, an encoding ${name}'s JSON reader does not take` };
    return { args: reader === "pandas" && !utf8(ask.encoding) ? [kwarg("encoding", ask.encoding!)] : [], sql: [] };
  }
  if (choice.format === "parquet" && ask.columns !== undefined) {
    if (choice.large && reader === "polars") return { reason: "its card reads only some columns, which hub-snippets does not pass on to Polars' lazy scan" };
    return { args: reader === "duckdb" ? [] : [kwarg("columns", ask.columns)], sql: [] };
  }
  return { args: [], sql: [] };
}

function csvArgs(ask: TableAsk, reader: TableReader, name: string): ReaderArgs {
  if (reader === "pandas" || reader === "dask") {
    const args: PythonArgument[] = [];
    if (ask.sep !== undefined && ask.sep !== ",") args.push(kwarg("sep", ask.sep));
    if (ask.header !== undefined) args.push(kwarg("header", ask.header));
    if (ask.names !== undefined) args.push(kwarg("names", ask.names));
    if (ask.skiprows !== undefined) args.push(kwarg("skiprows", ask.skiprows));
    if (ask.comment !== undefined) args.push(kwarg("comment", ask.comment));
    if (ask.quotechar !== undefined) args.push(kwarg("quotechar", ask.quotechar));
    if (ask.encoding !== undefined) args.push(kwarg("encoding", ask.encoding));
    return { args, sql: [] };
  }
  // pandas reads a separator of several characters as a regular expression; Polars and DuckDB read one character.
  if (ask.sep !== undefined && [...ask.sep].length !== 1)
    return {
      reason: `its card's separator ${JSON.stringify(ask.sep)} is longer than one character, which pandas reads as a regular expression and ${name} cannot`,
    };
  for (const [key, value] of [
    ["comment", ask.comment],
    ["quotechar", ask.quotechar],
  ] as const)
    if (value !== undefined && [...value].length !== 1) return { reason: `its card's ${key} ${JSON.stringify(value)} is not one character, as ${name} needs` };
  // pandas' header row comes after `skiprows` lines, and `header: n` skips n more; with names and no header, none.
  const hasHeader = ask.header === undefined ? ask.names === undefined : ask.header !== null;
  const skip = (ask.skiprows ?? 0) + (typeof ask.header === "number" ? ask.header : 0);
  if (reader === "polars") {
    if (!utf8(ask.encoding)) return { reason: `its card reads the files as ${ask.encoding}, and Polars reads UTF-8 only` };
    const args: PythonArgument[] = [];
    if (ask.sep !== undefined && ask.sep !== ",") args.push(kwarg("separator", ask.sep));
    if (!hasHeader) args.push(kwarg("has_header", false));
    if (ask.names !== undefined) args.push(kwarg("new_columns", ask.names));
    if (skip > 0) args.push(kwarg("skip_rows", skip));
    if (ask.comment !== undefined) args.push(kwarg("comment_prefix", ask.comment));
    if (ask.quotechar !== undefined) args.push(kwarg("quote_char", ask.quotechar));
    return { args, sql: [] };
  }
  const encoding = ask.encoding === undefined || utf8(ask.encoding) ? undefined : duckdbEncodings[ask.encoding.toLowerCase()];
  if (!utf8(ask.encoding) && encoding === undefined)
    return { reason: `its card reads the files as ${ask.encoding}, an encoding DuckDB's CSV reader does not know` };
  const sql: string[] = [];
  if (ask.sep !== undefined && ask.sep !== ",") sql.push(`delim = ${sqlString(ask.sep)}`);
  // Told, not sniffed: DuckDB guesses a header row, where pandas takes the first row unless told otherwise.
  if (ask.header !== undefined || ask.names !== undefined) sql.push(`header = ${hasHeader}`);
  if (ask.names !== undefined) sql.push(`names = [${ask.names.map(sqlString).join(", ")}]`);
  if (skip > 0) sql.push(`skip = ${skip}`);
  if (ask.comment !== undefined) sql.push(`comment = ${sqlString(ask.comment)}`);
  if (ask.quotechar !== undefined) sql.push(`quote = ${sqlString(ask.quotechar)}`);
  if (encoding !== undefined) sql.push(`encoding = ${sqlString(encoding)}`);
  return { args: [], sql };
}
