import type { Language } from "../code/languages.js";
import type { DatasetClientName } from "./client-names.js";
import { tabularFormats, type DatasetChoice } from "./snippets/choice.js";
import { downloadCode } from "./snippets/download.js";
import { fiftyoneCode, lanceCode, lerobotCode } from "./snippets/library-readers.js";
import { croissantCode, croissantRefusal, webdatasetCode } from "./snippets/more-readers.js";
import { daskCode, datasetsCode, duckdbCode, pandasCode, polarsCode, type DatasetCode } from "./snippets/python-readers.js";
import { viewerCurl, viewerFetch, viewerRequests } from "./snippets/viewer.js";
import { readerArgs, type TableReader } from "./snippets/reader-options.js";

/*
 * The libraries and clients a dataset's answer is written with, one row each: its language, when it is offered and
 * when it can read the data at all, and its generator.
 */

export interface DatasetClient {
  client: DatasetClientName;
  language: Language;
  /** How a notebook's heading names a reader of the data ("Read with Polars"); the client's name when not given. */
  reader?: string;
  /** Whether it is offered by default: a library the record's tags name, or, without tags, one that reads its format. */
  offered: (choice: DatasetChoice, tags: readonly string[]) => boolean;
  /** Whether it can read the choice at all (a client asked for by name gets code whenever it can). */
  reads: (choice: DatasetChoice) => boolean;
  write: (choice: DatasetChoice) => DatasetCode | undefined;
  /** Why it does not read a choice it would otherwise read (a card option it has no way to say), for the answer's notes. */
  refusal?: (choice: DatasetChoice) => string | undefined;
  /** The 🤗 Datasets builders whose files it reads itself (a table reader's, WebDataset's). */
  builders?: readonly string[];
  /** A call of the dataset viewer's API: the viewer's notes are about its code. */
  viewer?: true;
}

/** Whether 🤗 Datasets reads the chosen config: it has a builder, or the record does not list its files to say. */
const loadable = (choice: DatasetChoice) => choice.config?.problem === undefined;
/** The table readers read a config whose builder reads a table (parquet, csv, json), not media folders or Arrow. */
const tabular = (choice: DatasetChoice) => loadable(choice) && choice.format !== undefined && tabularFormats.includes(choice.format) && choice.paths.length > 0;
/**
 * Polars and DuckDB decompress gzip and zstd themselves, but not bzip2, xz or zip: Polars reads such a CSV as an
 * empty table (polars 1.44), DuckDB refuses it; pandas and Dask decompress them all.
 */
const tabularUncompressed = (choice: DatasetChoice) => tabular(choice) && !["bz2", "xz", "zip"].includes(choice.compression ?? "");
/** A library offered when it reads the choice, and the record's tags name it (or it has none): a tag alone reads nothing. */
const byTag = (key: string, reads: (choice: DatasetChoice) => boolean) => (choice: DatasetChoice, tags: readonly string[]) =>
  reads(choice) && (tags.length === 0 || tags.includes(key));
/** Why a table reader that reads the format cannot be told the card's options for it. */
const optionRefusal = (reader: TableReader, reads: (choice: DatasetChoice) => boolean) => (choice: DatasetChoice) => {
  if (!reads(choice)) return undefined;
  const told = readerArgs(choice, reader);
  return "reason" in told ? told.reason : undefined;
};
/** A table reader: it reads the format, and can be told the card's options. */
const told = (reader: TableReader, reads: (choice: DatasetChoice) => boolean) => (choice: DatasetChoice) =>
  reads(choice) && optionRefusal(reader, reads)(choice) === undefined;
const always = () => true;
/** The builders whose files the table readers read: parquet, and csv and json with their variants (tsv, jsonl). */
const tableBuilders = ["parquet", "csv", "json"] as const;
const viewerServes = (choice: DatasetChoice) => choice.view.viewer.served;
const describedByCroissant = (choice: DatasetChoice) => choice.config !== undefined && loadable(choice) && viewerServes(choice);
const readsCroissant = (choice: DatasetChoice) => describedByCroissant(choice) && croissantRefusal(choice) === undefined;
const readsLance = (choice: DatasetChoice) => choice.config?.builder === "lance" && lanceCode(choice) !== undefined;

/**
 * The clients, in the order an answer lists them: Python's libraries, the viewer from Python, JavaScript, the shell.
 * A row is the registration: client-name-list.ts is generated from these rows (node scripts/registry-lists.mjs).
 */
export const datasetClients: readonly DatasetClient[] = [
  {
    client: "datasets",
    language: "python",
    reader: "🤗 Datasets",
    // FiftyOne's repositories are read by FiftyOne: 🤗 Datasets would read their images and leave the labels behind.
    offered: (choice) => loadable(choice) && choice.view.nativeLibrary !== "fiftyone",
    reads: loadable,
    write: datasetsCode,
  },
  {
    client: "pandas",
    language: "python",
    reader: "pandas",
    offered: byTag("pandas", told("pandas", tabular)),
    reads: told("pandas", tabular),
    builders: tableBuilders,
    refusal: optionRefusal("pandas", tabular),
    write: pandasCode,
  },
  {
    client: "polars",
    language: "python",
    reader: "Polars",
    offered: byTag("polars", told("polars", tabularUncompressed)),
    reads: told("polars", tabularUncompressed),
    builders: tableBuilders,
    refusal: optionRefusal("polars", tabularUncompressed),
    write: polarsCode,
  },
  {
    client: "duckdb",
    language: "python",
    reader: "DuckDB",
    offered: byTag("duckdb", told("duckdb", tabularUncompressed)),
    reads: told("duckdb", tabularUncompressed),
    builders: tableBuilders,
    refusal: optionRefusal("duckdb", tabularUncompressed),
    write: duckdbCode,
  },
  {
    client: "dask",
    language: "python",
    reader: "Dask",
    offered: byTag("dask", told("dask", tabular)),
    reads: told("dask", tabular),
    builders: tableBuilders,
    refusal: optionRefusal("dask", tabular),
    write: daskCode,
  },
  {
    client: "mlcroissant",
    language: "python",
    reader: "Croissant (mlcroissant)",
    // The Hub writes Croissant for every dataset its viewer reads (from the viewer's parquet export), media included.
    offered: byTag("mlcroissant", readsCroissant),
    reads: readsCroissant,
    refusal: (choice) => (describedByCroissant(choice) ? croissantRefusal(choice) : undefined),
    write: croissantCode,
  },
  {
    client: "webdataset",
    language: "python",
    reader: "WebDataset",
    offered: byTag("webdataset", (choice) => loadable(choice) && choice.format === "webdataset"),
    reads: (choice) => loadable(choice) && choice.format === "webdataset",
    builders: ["webdataset"],
    write: webdatasetCode,
  },
  {
    client: "lerobot",
    language: "python",
    reader: "LeRobot",
    offered: (choice) => choice.view.nativeLibrary === "lerobot",
    reads: (choice) => choice.view.nativeLibrary === "lerobot",
    write: lerobotCode,
  },
  {
    client: "fiftyone",
    language: "python",
    reader: "FiftyOne",
    offered: (choice) => choice.view.nativeLibrary === "fiftyone",
    reads: (choice) => choice.view.nativeLibrary === "fiftyone",
    write: fiftyoneCode,
  },
  {
    client: "lance",
    language: "python",
    reader: "Lance",
    offered: byTag("lance", readsLance),
    reads: readsLance,
    write: lanceCode,
  },
  {
    client: "requests",
    language: "python",
    offered: viewerServes,
    reads: viewerServes,
    viewer: true,
    write: viewerRequests,
  },
  {
    client: "fetch",
    language: "js",
    offered: viewerServes,
    reads: viewerServes,
    viewer: true,
    write: viewerFetch,
  },
  {
    client: "hf",
    language: "sh",
    offered: always,
    reads: always,
    write: downloadCode,
  },
  {
    client: "curl",
    language: "sh",
    offered: viewerServes,
    reads: viewerServes,
    viewer: true,
    write: viewerCurl,
  },
];
