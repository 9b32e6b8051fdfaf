import type { RecordAccess } from "../model/access.js";
import { matchingFiles } from "./glob.js";
import type { DataFiles, DatasetRecord } from "./record.js";

/*
 * A dataset record read once into what its snippets need: its configs and their splits (with the path patterns of
 * each split and the record's files they name), the formats of its files, the libraries that read it, and who may
 * read it.
 */

/** How a library reads a file: by its format, which the file's extension tells (else the dataset's format tag). */
export type FileFormat = "parquet" | "csv" | "tsv" | "json" | "jsonl" | "arrow" | "webdataset" | "text";

export interface DatasetSplit {
  name: string;
  /** The card's path patterns for this split, relative to the repository's root. */
  patterns: string[];
  /** The record's files these patterns name, in the record's order (empty without `siblings`). */
  files: string[];
}

export interface DatasetConfig {
  name: string;
  splits: DatasetSplit[];
}

export interface DatasetView {
  id: string;
  access: RecordAccess;
  /** The card's configs, else one `default` config made from the record's data files. */
  configs: DatasetConfig[];
  /** The config the snippets read when none is asked for: the card's `default: true`, else `default`, else the first. */
  defaultConfig: DatasetConfig | undefined;
  /** The Hub's `format:` tags (parquet, csv, json, webdataset, …), else the formats of the data files. */
  formats: string[];
  /** The Hub's `library:` tags: the libraries it found able to read the dataset (none when the record has no tags). */
  libraryTags: string[];
  /** The record's files (`siblings`), in its order. */
  files: string[];
}

const extensions: [RegExp, FileFormat][] = [
  [/\.parquet$/i, "parquet"],
  [/\.csv(\.gz|\.zst|\.bz2)?$/i, "csv"],
  [/\.tsv(\.gz|\.zst|\.bz2)?$/i, "tsv"],
  [/\.jsonl(\.gz|\.zst|\.bz2)?$/i, "jsonl"],
  [/\.json(\.gz|\.zst|\.bz2)?$/i, "json"],
  [/\.arrow$/i, "arrow"],
  [/\.tar(\.gz)?$/i, "webdataset"],
  [/\.txt$/i, "text"],
];

/** The format a file's name says, if any. */
export function formatOfPath(path: string): FileFormat | undefined {
  return extensions.find(([pattern]) => pattern.test(path))?.[1];
}

/** The data files of the repository: what a format reader could read (not the card, scripts or images of the card). */
const isDataFile = (file: string) => formatOfPath(file) !== undefined && !/(^|\/)(README\.md|\.gitattributes)$/.test(file);

const splitNames: [RegExp, string][] = [
  [/(^|[/_.-])(train|training)([/_.-]|$)/i, "train"],
  [/(^|[/_.-])(validation|valid|val|dev)([/_.-]|$)/i, "validation"],
  [/(^|[/_.-])(test|testing|eval)([/_.-]|$)/i, "test"],
];

/** The splits of a list of patterns: by the card's split entries, else one `train` split (as 🤗 Datasets reads them). */
function splitsOf(dataFiles: DataFiles, prefix: string, files: readonly string[]): DatasetSplit[] {
  const entries: [string, string[]][] =
    typeof dataFiles === "string"
      ? [["train", [dataFiles]]]
      : Array.isArray(dataFiles)
        ? dataFiles.every((entry) => typeof entry === "string")
          ? [["train", dataFiles as string[]]]
          : (dataFiles as { split: string; path: string | string[] }[]).map((entry) => [
              entry.split,
              typeof entry.path === "string" ? [entry.path] : entry.path,
            ])
        : Object.entries(dataFiles).map(([split, path]) => [split, typeof path === "string" ? [path] : path]);
  return entries.map(([name, patterns]) => {
    const rooted = patterns.map((pattern) => `${prefix}${pattern}`);
    return {
      name,
      patterns: rooted,
      files: [...new Set(rooted.flatMap((pattern) => matchingFiles(pattern, files)))],
    };
  });
}

/** Without a card's configs: the data files grouped by the split their path names (train when none does). */
function inferredSplits(files: readonly string[]): DatasetSplit[] {
  const data = files.filter(isDataFile);
  const bySplit = new Map<string, string[]>();
  for (const file of data) {
    const split = splitNames.find(([pattern]) => pattern.test(file))?.[1] ?? "train";
    bySplit.set(split, [...(bySplit.get(split) ?? []), file]);
  }
  const order = ["train", "validation", "test"];
  return [...bySplit.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([name, named]) => ({ name, patterns: named, files: named }));
}

/** The split names `dataset_info` lists for a config (for a card whose configs name no files). */
function infoSplits(record: DatasetRecord, config: string): string[] {
  const info = record.cardData?.dataset_info;
  const entries = info === undefined ? [] : Array.isArray(info) ? info : [info];
  const entry = entries.find((candidate) => (candidate.config_name ?? "default") === config);
  return (entry?.splits ?? []).map((split) => split.name);
}

const tagValues = (tags: readonly string[], prefix: string) => tags.filter((tag) => tag.startsWith(prefix)).map((tag) => tag.slice(prefix.length));

export function datasetView(record: DatasetRecord): DatasetView {
  const files = (record.siblings ?? []).map((sibling) => sibling.rfilename);
  const cardConfigs = record.cardData?.configs ?? [];
  const configs: DatasetConfig[] = cardConfigs.map((config) => {
    const prefix = config.data_dir ? `${config.data_dir.replace(/\/+$/, "")}/` : "";
    const splits = config.data_files === undefined ? [] : splitsOf(config.data_files, prefix, files);
    return {
      name: config.config_name,
      splits:
        splits.length > 0
          ? splits
          : infoSplits(record, config.config_name).map((name) => ({
              name,
              patterns: [],
              files: [],
            })),
    };
  });
  if (configs.length === 0) {
    const splits = inferredSplits(files);
    const named =
      splits.length > 0
        ? splits
        : infoSplits(record, "default").map((name) => ({
            name,
            patterns: [],
            files: [],
          }));
    if (named.length > 0) configs.push({ name: "default", splits: named });
  }
  const marked = cardConfigs.find((config) => config.default === true)?.config_name;
  const defaultConfig = configs.find((config) => config.name === marked) ?? configs.find((config) => config.name === "default") ?? configs[0];
  const tagFormats = tagValues(record.tags, "format:");
  const fileFormats = [...new Set(files.flatMap((file) => (isDataFile(file) ? [formatOfPath(file)!] : [])))];
  const gated: unknown = record.gated;
  return {
    id: record.id,
    access: {
      id: record.id,
      private: record.private === true,
      gated: gated !== undefined && gated !== false && gated !== null,
      repoType: "dataset",
    },
    configs,
    defaultConfig,
    formats: tagFormats.length > 0 ? tagFormats : fileFormats,
    libraryTags: tagValues(record.tags, "library:"),
    files,
  };
}
