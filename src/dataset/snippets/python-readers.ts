import { arg, assign, call, comment, kwarg, python, ref } from "../../libraries/python-code.js";
import type { PythonArgument } from "../../code/literals/python.js";
import { code, type Code, type DataValue } from "../../values/data-value.js";
import type { FileFormat } from "../view.js";
import { repoPath, type DatasetChoice } from "./choice.js";
import { datasetsPackages } from "../decoded-features.js";
import { pandasFieldCode, polarsFieldCode } from "./json-field-readers.js";
import { readerArgs, sqlName, sqlString, tableAsk, type TableReader } from "./reader-options.js";

/*
 * The Python libraries that read a dataset's files: 🤗 Datasets by the dataset's id, config and split; pandas, Polars,
 * Dask and DuckDB by the files' paths in the Hub's file system (hf://), with the reader of their format. Every value
 * from the record (id, config and split names, paths) enters the code as a Python literal.
 */

export interface DatasetCode {
  content: string;
  /** The packages it needs, by their names on PyPI. */
  pip: string[];
}

/** `hf://datasets/<id>/<path>` paths of the choice (paths relative to `hf://`). */
const hfUrls = (choice: DatasetChoice) => choice.paths.map((path) => `hf://${path}`);

/** The comment above code that reads a large split in part: why, and what the code does instead. */
const largeNote = (choice: DatasetChoice, instead: string) => python`${comment(`${choice.large!}:`)}\n${comment(instead)}\n`;

/**
 * A script dataset is read from the Hub's parquet conversion: that branch holds no card, so its files are named by the
 * config's folder, and a split's by its own (exactly: a split's name may begin another's, `validation_matched`).
 */
function conversionArgs(choice: DatasetChoice, revision: string): PythonArgument[] {
  const split = choice.split;
  const files =
    split !== undefined
      ? [kwarg("data_files", { [split.name]: split.paths.length === 1 ? split.paths[0]! : split.paths })]
      : [kwarg("data_dir", choice.config!.name)];
  return [kwarg("revision", revision), ...files];
}

/** The comment above code that reads a script dataset's parquet conversion. */
const conversionNote = (choice: DatasetChoice) =>
  choice.revision === undefined
    ? ""
    : python`${comment(`${choice.config!.loadingScript!} builds this dataset, a loading script that 🤗 Datasets 4 and later no longer run:`)}\n${comment(`this reads the Hub's parquet conversion of it (branch ${choice.revision}).`)}\n`;

/**
 * A config that `load_dataset(<id>, <config>)` does not read (the repository's one builder is not its own): its
 * builder by name, its splits' files by their hf:// paths, and the card's options for it, as the card would give them.
 */
function ownBuilderArgs(choice: DatasetChoice): PythonArgument[] {
  const config = choice.config!;
  const dataFiles = Object.fromEntries(
    config.splits.map((split) => [
      split.name,
      split.paths.length === 1 ? `hf://${repoPath(choice.view, split.paths[0]!)}` : split.paths.map((path) => `hf://${repoPath(choice.view, path)}`),
    ]),
  );
  const options = Object.entries(config.options ?? {}).filter(([key]) => key !== "features");
  return [arg(config.builder!), kwarg("data_files", dataFiles), ...options.map(([key, value]) => kwarg(key, value))];
}

const ownBuilderNote = (choice: DatasetChoice) =>
  choice.config?.ownBuilder === undefined
    ? ""
    : "# 🤗 Datasets reads every config of this repository with one builder, inferred from its\n# first config's files, which cannot read this config: this names its own builder.\n";

export function datasetsCode(choice: DatasetChoice): DatasetCode {
  const own = choice.revision === undefined && choice.config?.ownBuilder !== undefined;
  const args: PythonArgument[] = own ? ownBuilderArgs(choice) : [arg(choice.view.id)];
  if (own) {
    // The builder and the files are named: there is no config to name.
  } else if (choice.revision !== undefined) args.push(...conversionArgs(choice, choice.revision));
  else if (choice.namesConfig) args.push(arg(choice.config!.name));
  if (choice.split) args.push(kwarg("split", choice.split.name));
  // A large split is streamed: rows arrive as the loop asks for them, with nothing downloaded first.
  if (choice.large) args.push(kwarg("streaming", true));
  const show = choice.large ? (choice.split ? "print(next(iter(ds)))" : "print(ds)") : choice.split ? "print(ds)\nprint(ds[0])" : "print(ds)";
  const note = choice.large ? largeNote(choice, "streaming reads its rows as you iterate, without downloading it first.") : "";
  return {
    content: python`from datasets import load_dataset\n\n${ref(conversionNote(choice))}${ref(ownBuilderNote(choice))}${ref(note)}${call("ds = load_dataset(", args)}\n${ref(show)}\n`,
    // Images, audio and video in the rows are decoded as they are read: datasets' extras bring what decodes them.
    pip: datasetsPackages(choice.config?.decodes ?? []),
  };
}

/** The reader of a format, as `<module>.<function>(path, <options>)`, for each table library. */
interface Reader {
  name: string;
  args: PythonArgument[];
}

/** pandas' readers by format; dask.dataframe's take the same names and arguments. */
const pandasReaders: Partial<Record<FileFormat, Reader>> = {
  parquet: { name: "read_parquet", args: [] },
  csv: { name: "read_csv", args: [] },
  // A .tsv file's tab, like every separator, comes with the card's options (reader-options.ts).
  tsv: { name: "read_csv", args: [] },
  jsonl: { name: "read_json", args: [kwarg("lines", true)] },
  // A .json file holds a JSON array or JSON Lines: `lines` is decided from its first character (sniffJson).
  json: { name: "read_json", args: [kwarg("lines", ref("lines"))] },
};

/**
 * A .json file is a JSON array or JSON Lines, and only its first character tells, as the Hub reads it (the dataset
 * viewer opens the file and reads one character): the code reads it the same way, before the reader is told.
 */
const sniffJson = (path: string) =>
  `with fs.open(${path}, "rb") as file:\n    # A .json file holds a JSON array or JSON Lines: its first character says which.\n    lines = file.read(64).lstrip()[:1] != b"["`;

const polarsReaders: Partial<Record<FileFormat, Reader>> = {
  parquet: { name: "read_parquet", args: [] },
  csv: { name: "read_csv", args: [] },
  tsv: { name: "read_csv", args: [] },
  jsonl: { name: "read_ndjson", args: [] },
  json: { name: "read_json", args: [] },
};

/** pandas and the parquet engine it reads with, zstandard for .zst files; huggingface_hub gives fsspec its hf:// file system. */
const pipWithHub = (choice: DatasetChoice, names: string[]) => [
  ...names,
  ...(choice.format === "parquet" ? ["pyarrow"] : []),
  ...(choice.compression === "zst" ? ["zstandard"] : []),
  "huggingface-hub",
];

/** A format's reader with the card's options added, or undefined when the reader has none for them. */
function toldReader(choice: DatasetChoice, readers: Partial<Record<FileFormat, Reader>>, name: TableReader): Reader | undefined {
  const reader = choice.format && readers[choice.format];
  if (!reader) return undefined;
  const told = readerArgs(choice, name);
  return "reason" in told ? undefined : { name: reader.name, args: [...reader.args, ...told.args] };
}

export function pandasCode(choice: DatasetChoice): DatasetCode | undefined {
  const reader = toldReader(choice, pandasReaders, "pandas");
  if (!reader) return undefined;
  if (tableAsk(choice).field !== undefined) return pandasFieldCode(choice);
  const pip = pipWithHub(choice, ["pandas"]);
  if (choice.oneFile && choice.format === "json") {
    const path = assign("path =", choice.paths[0]!).text;
    const read = call(`df = pd.${reader.name}(`, [arg(code('f"hf://{path}"')), ...reader.args]);
    return {
      content: python`import pandas as pd\nfrom huggingface_hub import HfFileSystem\n\nfs = HfFileSystem()\n${ref(path)}\n${ref(sniffJson("path"))}\n${read}\nprint(df.head())\n`,
      pip,
    };
  }
  if (choice.oneFile) {
    const read = call(`df = pd.${reader.name}(`, [arg(hfUrls(choice)[0]!), ...reader.args]);
    return {
      content: python`import pandas as pd\n\n${read}\nprint(df.head())\n`,
      pip,
    };
  }
  const listed = globbed(choice);
  const list = choice.format === "json" ? code(`${listed.text}\n${sniffJson("paths[0]")}`) : listed;
  if (choice.large) {
    // A large split: one of its files, a sample that fits in memory.
    const first = call(`df = pd.${reader.name}(`, [arg(code('f"hf://{paths[0]}"')), ...reader.args]);
    const note = largeNote(choice, "this reads the first of its files, a sample; pd.concat over paths reads them all.");
    return {
      content: python`import pandas as pd\nfrom huggingface_hub import HfFileSystem\n\n${ref(note)}${list}\n${first}\nprint(df.head())\n`,
      pip,
    };
  }
  // A pattern: the Hub's file system lists the files it names, and pandas reads each.
  const read = call("df = pd.concat(", [arg(code(`[${readerCall(`pd.${reader.name}`, reader.args)} for path in paths]`)), kwarg("ignore_index", true)]);
  return {
    content: python`import pandas as pd\nfrom huggingface_hub import HfFileSystem\n\n${list}\n${read}\nprint(df.head())\n`,
    pip,
  };
}

/** `reader(f"hf://{path}", options)` for a path the file system listed. */
function readerCall(name: string, args: PythonArgument[]): string {
  const options = args.map(([key, value]) => `, ${key}=${python`${value}`}`).join("");
  return `${name}(f"hf://{path}"${options})`;
}

/** The files of the choice's patterns, listed by the Hub's file system (`paths`). */
function globbed(choice: DatasetChoice): Code {
  if (choice.paths.length === 1) return code(`fs = HfFileSystem()\n${call("paths = fs.glob(", [arg(choice.paths[0]!)]).text}`);
  return code(`fs = HfFileSystem()\n${assign("patterns =", choice.paths).text}\npaths = [path for pattern in patterns for path in fs.glob(pattern)]`);
}

/**
 * Polars reads hf:// paths itself, patterns included, with its scan readers (parquet, csv, ndjson). Several paths:
 * read_parquet and read_ndjson take the list; read_csv takes one source only (polars 1.44: "Object does not have a
 * .read() method" for a list), so CSV and TSV are scanned (scan_csv takes a list) and collected. read_json has no
 * hf:// support at all (polars 1.44 opens "hf://..." as a local file: "No such file or directory"), so a JSON array
 * file is read through the Hub's file system (huggingface_hub), which also lists a pattern's files.
 */
export function polarsCode(choice: DatasetChoice): DatasetCode | undefined {
  const reader = toldReader(choice, polarsReaders, "polars");
  if (!reader) return undefined;
  if (tableAsk(choice).field !== undefined) return polarsFieldCode(choice);
  if (choice.format === "json") return polarsJsonCode(choice);
  const urls = hfUrls(choice);
  const source: DataValue = urls.length === 1 ? urls[0]! : urls;
  const scan = reader.name.replace("read_", "scan_");
  // A large split is scanned lazily: only the rows asked for are read.
  const read = choice.large
    ? code(`${call(`lazy = pl.${scan}(`, [arg(source), ...reader.args]).text}\ndf = lazy.head(5).collect()`)
    : urls.length === 1 || choice.format === "parquet" || choice.format === "jsonl"
      ? call(`df = pl.${reader.name}(`, [arg(source), ...reader.args])
      : code(`${call("df = pl.scan_csv(", [arg(source), ...reader.args]).text}.collect()`);
  const note = choice.large ? largeNote(choice, "scanning reads only the rows asked for.") : "";
  return {
    content: python`import polars as pl\n\n${ref(note)}${read}\nprint(df.head())\n`,
    pip: ["polars"],
  };
}

/** .json files: each file's bytes from the Hub's file system, read by pl.read_json or pl.read_ndjson. */
function polarsJsonCode(choice: DatasetChoice): DatasetCode {
  // Each file's first character says whether it holds a JSON array or JSON Lines, as the Hub reads it.
  const decide = '\ndef read(data):\n    return pl.read_json(data) if data.lstrip()[:1] == b"[" else pl.read_ndjson(data)\n\n\n';
  const read = choice.oneFile
    ? code(`${decide}fs = HfFileSystem()\n${call("data = fs.read_bytes(", [arg(choice.paths[0]!)]).text}\ndf = read(data)`)
    : code(`${decide}${globbed(choice).text}\ndf = pl.concat([read(fs.read_bytes(path)) for path in paths])`);
  return {
    content: python`import polars as pl\nfrom huggingface_hub import HfFileSystem\n\n${read}\nprint(df.head())\n`,
    pip: ["polars", "huggingface-hub"],
  };
}

/**
 * Dask reads hf:// paths through fsspec (huggingface_hub's file system), patterns and lists of them included, with
 * pandas' reader names and arguments. Its read_json reads JSON Lines unless told otherwise, so a .json file's first
 * character is read first, from the first file the paths name.
 */
export function daskCode(choice: DatasetChoice): DatasetCode | undefined {
  const reader = toldReader(choice, pandasReaders, "dask");
  if (!reader) return undefined;
  const urls = hfUrls(choice);
  const read = call(`df = dd.${reader.name}(`, [arg(urls.length === 1 ? urls[0]! : urls), ...reader.args]);
  const sniff =
    choice.format === "json" ? code(`fs = HfFileSystem()\n${call("paths = fs.glob(", [arg(choice.paths[0]!)]).text}\n${sniffJson("paths[0]")}\n`) : code("");
  const imports = choice.format === "json" ? "import dask.dataframe as dd\nfrom huggingface_hub import HfFileSystem" : "import dask.dataframe as dd";
  return {
    content: python`${ref(imports)}\n\n${sniff}${read}\nprint(df.head())\n`,
    pip: pipWithHub(choice, ["dask[dataframe]"]),
  };
}

const duckdbReaders: Partial<Record<FileFormat, string>> = {
  parquet: "read_parquet",
  csv: "read_csv",
  tsv: "read_csv",
  jsonl: "read_json",
  json: "read_json",
};

/** DuckDB queries hf:// paths with SQL; its httpfs extension, which it downloads on first use, reads them. */
export function duckdbCode(choice: DatasetChoice): DatasetCode | undefined {
  const reader = choice.format && duckdbReaders[choice.format];
  const told = readerArgs(choice, "duckdb");
  if (!reader || "reason" in told) return undefined;
  const urls = hfUrls(choice).map(sqlString);
  const source = [urls.length === 1 ? urls[0]! : `[${urls.join(", ")}]`, ...told.sql].join(", ");
  const ask = tableAsk(choice);
  // The card's field: each file is one row of read_json, whose list column holds the rows; its columns: only those.
  const selected =
    ask.field !== undefined ? `unnest(${sqlName(ask.field)}, max_depth := 2)` : ask.columns !== undefined ? ask.columns.map(sqlName).join(", ") : "*";
  const query = `SELECT ${selected} FROM ${reader}(${source}) LIMIT 10`;
  // The relation is named, then shown: `.show()` after the call would push a line that just fits past 88 columns.
  const run = call("rel = duckdb.sql(", [arg(query)]);
  const note = "# DuckDB reads hf:// paths with its httpfs extension, which it downloads on first use.";
  // DuckDB sends no token of its own: a secret hands it the one `hf auth login` saved (or HF_TOKEN).
  const secret =
    choice.view.access.gated || choice.view.access.private
      ? '\n# DuckDB sends your Hugging Face token only through a secret, which finds it where hf auth login saved it.\nduckdb.sql("CREATE SECRET hf_token (TYPE HUGGINGFACE, PROVIDER credential_chain)")'
      : "";
  return {
    content: python`import duckdb\n\n${ref(note)}${ref(secret)}\n${run}\nrel.show()\n`,
    pip: ["duckdb"],
  };
}
