import { ExitCode, UserError } from "../../errors.js";
import { nearestIds } from "../../catalogue/nearest.js";
import { isGlob } from "../glob.js";
import { largeReason } from "../size.js";
import { formatOfPath, PARQUET_CONVERSION, type DatasetConfig, type DatasetSplit, type DatasetView, type FileFormat } from "../view.js";

/**
 * What the dataset snippets read: one config and one split of the dataset (the default config and its first split
 * unless asked), the paths of its data in the Hub's file system, and their format.
 */
export interface DatasetChoice {
  view: DatasetView;
  config: DatasetConfig | undefined;
  split: DatasetSplit | undefined;
  /** Whether the code names the config: the dataset has several, or one was asked for by name. */
  namesConfig: boolean;
  /** The split's data in the Hub's file system, relative to `hf://`: one file, or the card's patterns (globs). */
  paths: string[];
  /** Whether `paths` holds exactly one file, so readers take it as is rather than a glob. */
  oneFile: boolean;
  /** The format of the split's files: their extension, else the dataset's format tag. */
  format: FileFormat | undefined;
  /** Why the split is too large to load whole (its code then streams or reads a sample), or undefined. */
  large: string | undefined;
  /** How the split's files are compressed, by their last suffix (`train.jsonl.zst`). */
  compression: Compression | undefined;
  /** The branch the files are read from, when not main: the Hub's parquet conversion of a script dataset. */
  revision: string | undefined;
}

type Compression = "gz" | "zst" | "bz2" | "xz" | "zip";
const compressionOf = (path: string) => /\.(gz|zst|bz2|xz|zip)$/i.exec(path)?.[1]?.toLowerCase() as Compression | undefined;

const formatTags: Record<string, FileFormat> = {
  parquet: "parquet",
  csv: "csv",
  json: "jsonl",
  webdataset: "webdataset",
  arrow: "arrow",
  text: "text",
};

/**
 * The Hub file system path of a file of a dataset repository: `datasets/<id>/<path>`, or on a branch other than main
 * `datasets/<id>@<branch, its slashes encoded>/<path>`, which huggingface_hub, Polars and DuckDB all read.
 */
export const repoPath = (view: DatasetView, path: string, revision?: string) =>
  `datasets/${view.id}${revision === undefined ? "" : `@${encodeURIComponent(revision)}`}/${path}`;

function pick<T extends { name: string }>(
  items: readonly T[],
  asked: string | undefined,
  what: string,
  fallback: T | undefined,
  id: string,
  make: (name: string) => T,
): T | undefined {
  if (asked === undefined) return fallback;
  const found = items.find((item) => item.name === asked);
  if (found) return found;
  const names = items.map((item) => item.name);
  // A record that names none (an --id, a record without its card) takes the name as given: the code will tell.
  if (names.length === 0) return make(asked);
  const near = nearestIds(asked, names);
  throw new UserError(
    `${id}: no ${what} '${asked}'${near.length > 0 ? `; did you mean ${near.join(", ")}?` : ""} (${what}s: ${names.join(", ")})`,
    ExitCode.noMatch,
  );
}

export function chooseData(view: DatasetView, asked: { config?: string; split?: string }): DatasetChoice {
  const config = pick(view.configs, asked.config, "config", view.defaultConfig, view.id, (name) => ({
    name,
    splits: [],
    builder: undefined,
    format: undefined,
    problem: undefined,
  }));
  const split = pick(config?.splits ?? [], asked.split, "split", config?.splits[0], view.id, (name) => ({ name, patterns: [], files: [], paths: [] }));
  const paths = split?.paths ?? [];
  const tagged = view.formats.map((format) => formatTags[format]).find((format) => format !== undefined);
  const revision = config?.loadingScript !== undefined ? PARQUET_CONVERSION : undefined;
  return {
    view,
    config,
    split,
    namesConfig: config !== undefined && (view.configs.length > 1 || asked.config !== undefined),
    paths: paths.map((path) => repoPath(view, path, revision)),
    // A file the record lists is read by its name, glob characters and all; else a path without them is one file.
    oneFile: paths.length === 1 && (split!.files.length === 1 ? paths[0] === split!.files[0] : !isGlob(paths[0]!)),
    // The config's builder decides; a record without its files has only the Hub's format tag to go by.
    format: config?.builder !== undefined ? config.format : (paths.map(formatOfPath).find((format) => format !== undefined) ?? tagged),
    large: largeReason(view.sizes, config, split),
    compression: [...(split?.files ?? []), ...paths].map(compressionOf).find((found) => found !== undefined),
    revision,
  };
}

/** The formats pandas, Polars, Dask and DuckDB read as a table. */
export const tabularFormats: readonly FileFormat[] = ["parquet", "csv", "tsv", "json", "jsonl"];
