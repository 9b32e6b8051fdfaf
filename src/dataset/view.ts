import type { RecordAccess } from "../model/access.js";
import { inferBuilderOfFiles } from "./builders.js";
import { compactPattern } from "./compact-pattern.js";
import { FileList } from "./file-list.js";
import { resolveConfig, type LayoutProblem, type ResolvedSplit } from "./layout.js";
import type { DataFiles, DatasetRecord } from "./record.js";
import { largeBytes, sizesOf, type DatasetSizes } from "./size.js";
import { escapeGlob } from "./glob.js";
import { decodedFeaturesOf } from "./decoded-features.js";
import { builderOptionsOf, cardRefusal, repositoryBuilder, type RepositoryBuilder } from "./card-rules.js";
import type { DataValue } from "../values/data-value.js";

/*
 * A dataset record read once into what its snippets need: its configs and their splits (with the path patterns of
 * each split and the record's files they name), the formats of its files, the libraries that read it, and who may
 * read it.
 */

/** How a table library reads a file: by the builder that reads the config, and the files' own extensions. */
export type FileFormat = "parquet" | "csv" | "tsv" | "json" | "jsonl" | "arrow" | "webdataset" | "text";

export interface DatasetSplit {
  name: string;
  /** The split's path patterns, relative to the repository's root: the card's, else 🤗 Datasets' default ones. */
  patterns: string[];
  /** The record's files the split reads, in the record's order (empty without `siblings`). */
  files: string[];
  /** What a reader names to read the split: its one file, its few files, or one pattern that names exactly them. */
  paths: string[];
}

export interface DatasetConfig {
  name: string;
  splits: DatasetSplit[];
  /** The 🤗 Datasets builder that reads the config's files (parquet, csv, json, imagefolder, …), when they tell. */
  builder: string | undefined;
  /** The format table readers read it in, when its builder reads a table they read. */
  format: FileFormat | undefined;
  /** Why 🤗 Datasets would find no data in it, when the record lists its files and it would not. */
  problem: LayoutProblem | undefined;
  /**
   * The loading script that builds it, when it has one: 🤗 Datasets 4 and later refuse to run it, so its rows are read
   * from the Hub's parquet conversion of it (the branch `refs/convert/parquet`, which the dataset viewer writes).
   */
  loadingScript?: string;
  /** The types in its rows that 🤗 Datasets decodes when a row is read (image, audio, …), each needing a package. */
  decodes?: readonly string[];
  /**
   * The options its builder reads the files with: those its files imply (`sep` for `.tsv`) and the card's keys that
   * the builder's config has (`sep`, `header`, `names`, `encoding`, `field`, `columns`, …). Every reader gets them.
   */
  options?: Record<string, DataValue>;
  /**
   * Why `load_dataset(<id>, <config>)` does not read it, though its own files and builder are fine: 🤗 Datasets reads
   * every config with the one builder it infers for the repository. The code then names the builder and the files.
   */
  ownBuilder?: string;
}

/** The branch where the dataset viewer writes its parquet conversion of a dataset: `<config>/<split>/NNNN.parquet`. */
export const PARQUET_CONVERSION = "refs/convert/parquet";

export interface DatasetView {
  id: string;
  /** The record it was read from: a unit's refusal of a value no shell word can carry names its field. */
  record: DatasetRecord;
  access: RecordAccess;
  /** The card's configs, else one `default` config made from the record's data files. */
  configs: DatasetConfig[];
  /** The config the snippets read when none is asked for: the card's `default: true`, else `default`, else the first. */
  defaultConfig: DatasetConfig | undefined;
  /** The Hub's `format:` tags (parquet, csv, json, webdataset, …), else the configs' builders. */
  formats: string[];
  /** The Hub's `library:` tags: the libraries it found able to read the dataset (none when the record has no tags). */
  libraryTags: string[];
  /** The record's files (`siblings`), in its order; undefined when the record does not list them. */
  files: string[] | undefined;
  /** What the record says of its size: its files', its configs', its row-count category. */
  sizes: DatasetSizes;
  /** Whether the dataset viewer serves it: not when its card turns it off or the Hub marks it not for all audiences. */
  viewer: { served: true; note?: string } | { served: false; reason: string };
  /** Whether the Hub has disabled the dataset (its files cannot be downloaded). */
  disabled: boolean;
  /** The library whose own format the repository is in, read by its own loader: LeRobot's episodes, FiftyOne's samples. */
  nativeLibrary: "lerobot" | "fiftyone" | undefined;
  /** Why 🤗 Datasets refuses the repository's card, and with it every config, or undefined. */
  refusal?: string;
}

/** LeRobot's repositories hold meta/info.json, FiftyOne's a fiftyone.yml; the Hub tags both with their library. */
function nativeLibraryOf(record: DatasetRecord, files: readonly string[] | undefined): DatasetView["nativeLibrary"] {
  const tags = new Set(record.tags.map((tag) => tag.toLowerCase()));
  if (tags.has("library:lerobot") || tags.has("lerobot") || files?.includes("meta/info.json")) return "lerobot";
  if (tags.has("library:fiftyone") || tags.has("fiftyone") || files?.includes("fiftyone.yml")) return "fiftyone";
  return undefined;
}

/** What the dataset viewer does with a record. */
function viewerOf(record: DatasetRecord): DatasetView["viewer"] {
  if (record.cardData?.viewer === false) return { served: false, reason: "its card turns the dataset viewer off (viewer: false)" };
  if (record.tags.includes("not-for-all-audiences")) return { served: false, reason: "the dataset viewer does not show datasets marked not-for-all-audiences" };
  if (record.private === true) return { served: true, note: "the dataset viewer serves private datasets only to PRO users and Enterprise organizations" };
  return { served: true };
}

const extensions: [RegExp, FileFormat][] = [
  [/\.parquet$/i, "parquet"],
  [/\.csv(\.gz|\.zst|\.bz2)?$/i, "csv"],
  [/\.tsv(\.gz|\.zst|\.bz2)?$/i, "tsv"],
  [/\.(jsonl|ndjson)(\.gz|\.zst|\.bz2)?$/i, "jsonl"],
  [/\.json(\.gz|\.zst|\.bz2)?$/i, "json"],
  [/\.arrow$/i, "arrow"],
  [/\.tar(\.gz)?$/i, "webdataset"],
  [/\.txt$/i, "text"],
];

/** The format a file's name says, if any. */
export function formatOfPath(path: string): FileFormat | undefined {
  return extensions.find(([pattern]) => pattern.test(path))?.[1];
}

/** The table format of a builder's files: csv or tsv, JSON Lines or JSON arrays, by the files' names. */
function formatOf(builder: string | undefined, files: readonly string[]): FileFormat | undefined {
  const named = files.map(formatOfPath).filter((format) => format !== undefined);
  switch (builder) {
    case "parquet":
    case "arrow":
    case "webdataset":
    case "text":
      return builder;
    case "csv":
      return named.includes("tsv") && !named.includes("csv") ? "tsv" : "csv";
    case "json":
      return named.includes("json") ? "json" : "jsonl";
    default:
      return undefined;
  }
}

/** The card's dataset_info entries, one per config. */
const infoEntries = (record: DatasetRecord) => {
  const info = record.cardData?.dataset_info;
  return info === undefined ? [] : Array.isArray(info) ? info : [info];
};

/** A config's dataset_info entry. */
const infoByConfig = new WeakMap<DatasetRecord, Map<string, ReturnType<typeof infoEntries>[number]>>();
/** A config's `dataset_info` entry (the first of its name), from a map made once per record: a card lists thousands. */
function infoEntryOf(record: DatasetRecord, config: string) {
  let entries = infoByConfig.get(record);
  if (entries === undefined) {
    entries = new Map();
    for (const entry of infoEntries(record)) {
      const name = entry.config_name ?? "default";
      if (!entries.has(name)) entries.set(name, entry);
    }
    infoByConfig.set(record, entries);
  }
  return entries.get(config);
}

/** The split names `dataset_info` lists for a config (for a card whose configs name no files). */
const infoSplits = (record: DatasetRecord, config: string): string[] => (infoEntryOf(record, config)?.splits ?? []).map((split) => split.name);

/** The files a reader names for a split: its files while they are few, else one pattern that names exactly them. */
function readerPaths(split: ResolvedSplit, files: readonly string[] | undefined, fromCard: boolean): string[] {
  if (files === undefined || split.files.length === 0) return split.patterns;
  if (split.files.length === 1) return split.files;
  if (fromCard) return split.patterns;
  if (split.files.length <= 8) return split.files;
  return [compactPattern(split.files, files) ?? split.files].flat();
}

/** One config resolved from the record: its splits and their files when the record lists its files. */
function configOf(
  name: string,
  record: DatasetRecord,
  list: FileList | undefined,
  card?: { dataFiles?: DataFiles; dataDir?: string },
): { config: DatasetConfig; implied: Record<string, string> } {
  const files = list?.files;
  const fromCard = card?.dataFiles !== undefined;
  if (files === undefined && !fromCard) {
    const splits = infoSplits(record, name).map((split) => ({ name: split, patterns: [], files: [], paths: [] }));
    return { config: { name, splits, builder: undefined, format: undefined, problem: undefined }, implied: {} };
  }
  // Without the file list, the card's patterns still say the builder (`data/train-*.parquet`), and name no file.
  const resolved = resolveConfig(card ?? {}, list ?? new FileList([]));
  const patternsOnly = files === undefined;
  const byPatterns = patternsOnly ? inferBuilderOfFiles(resolved.splits.flatMap((split) => split.patterns)) : undefined;
  const builder = byPatterns !== undefined ? byPatterns.builder : resolved.builder;
  const implied = byPatterns !== undefined ? ("options" in byPatterns ? byPatterns.options : {}) : resolved.builderOptions;
  // Each split written out field by field, not spread (a card of 3,000 configs makes 6,000).
  const splits = resolved.splits.map((split): DatasetSplit => ({
    name: split.name,
    patterns: split.patterns,
    files: patternsOnly ? [] : split.files,
    paths: readerPaths(split, files, fromCard),
  }));
  const named = splits.length > 0 ? splits : infoSplits(record, name).map((split) => ({ name: split, patterns: [], files: [], paths: [] }));
  const config: DatasetConfig = {
    name,
    splits: named,
    builder,
    format: formatOf(builder, patternsOnly ? splits.flatMap((split) => split.patterns) : splits.flatMap((split) => split.files)),
    problem: patternsOnly ? undefined : (resolved.problem ?? (card !== undefined ? unfilteredProblem(builder, resolved.unfiltered) : undefined)),
  };
  return { config, implied };
}

/** The table builders, which read every file they are given (the folder builders keep their own extensions). */
const unfilteringBuilders = new Set(["csv", "json", "parquet", "arrow", "text"]);

/**
 * A card config's files are not filtered by its builder's extensions (load.py, create_builder_configs_from_metadata_configs
 * keeps every file the patterns name): a table builder then reads a file of another format, and the load fails.
 */
function unfilteredProblem(builder: string | undefined, unfiltered: readonly string[] | undefined): LayoutProblem | undefined {
  const file = unfiltered?.[0];
  return builder !== undefined && file !== undefined && unfilteringBuilders.has(builder) ? { kind: "unfiltered-files", builder, file } : undefined;
}

const tagValues = (tags: readonly string[], prefix: string) => tags.filter((tag) => tag.startsWith(prefix)).map((tag) => tag.slice(prefix.length));

/** The loading script 🤗 Datasets finds at the root (`<name>.py`), which it refuses to run since version 4. */
function loadingScript(id: string, files: readonly string[] | undefined): string | undefined {
  const script = `${id.split("/").pop()}.py`;
  return files?.find((file) => file === script);
}

/**
 * A script dataset's configs and splits, as its card's dataset_info lists them (the script itself is not read), read
 * from the Hub's parquet conversion: `<config>/<split>/NNNN.parquet`, or, for a config the dataset viewer converted
 * only in part (it stops at 5 GB of a split, so a split dataset_info sizes over that), `<config>/partial-<split>/`
 * for every split of that config, the small ones too: the conversion is partial per config.
 */
function scriptConfigs(record: DatasetRecord, file: string): DatasetConfig[] {
  const entries = infoEntries(record);
  const named = entries.length > 0 ? entries : [{ config_name: "default", splits: [] }];
  return named.map((entry) => {
    const name = entry.config_name ?? "default";
    const partial = (entry.splits ?? []).some((split) => (split.num_bytes ?? 0) > largeBytes);
    const splits = (entry.splits ?? []).map((split): DatasetSplit => {
      const folder = partial ? `partial-${split.name}` : split.name;
      const pattern = `${escapeGlob(name)}/${escapeGlob(folder)}/*.parquet`;
      return { name: split.name, patterns: [pattern], files: [], paths: [pattern] };
    });
    return { name, splits, builder: "parquet", format: "parquet", problem: undefined, loadingScript: file };
  });
}

export function datasetView(record: DatasetRecord): DatasetView {
  const files = record.siblings?.map((sibling) => sibling.rfilename);
  // Indexed once for every config: a card of thousands of configs reads each pattern against its own folder only.
  const list = files === undefined ? undefined : new FileList(files);
  const cardConfigs = record.cardData?.configs ?? [];
  const script = loadingScript(record.id, files);
  const refusal = script !== undefined ? undefined : cardRefusal(cardConfigs);
  const repository =
    script === undefined && cardConfigs.length > 0 && list !== undefined && refusal === undefined ? repositoryBuilder(cardConfigs, list) : undefined;
  const firstPattern =
    repository !== undefined && "problem" in repository && repository.problem.kind === "invalid-pattern" ? repository.problem.pattern : undefined;
  const refused =
    refusal ??
    (firstPattern !== undefined
      ? `its first config names a pattern fsspec refuses to glob (${firstPattern}: '**' can only be a whole path component), and 🤗 Datasets infers the repository's builder from that config's files`
      : undefined);
  const configs: DatasetConfig[] =
    script !== undefined
      ? scriptConfigs(record, script)
      : cardConfigs.map((card) => {
          const { config, implied } = configOf(card.config_name, record, list, {
            ...(card.data_files !== undefined ? { dataFiles: card.data_files as DataFiles } : {}),
            ...(card.data_dir !== undefined ? { dataDir: card.data_dir } : {}),
          });
          // Set on the config configOf made, not spread into copies: with the splits above, datasetView of a card of
          // 3,000 configs went from 191 to 173 ms cold (issue 64).
          const ownBuilder = config.problem === undefined && refused === undefined ? ownBuilderReason(repository, config.builder, implied) : undefined;
          if (refused !== undefined) config.problem = { kind: "card-refused", reason: refused };
          config.options = builderOptionsOf(config.builder, implied, card);
          if (ownBuilder !== undefined) config.ownBuilder = ownBuilder;
          return config;
        });
  if (configs.length === 0 && script === undefined) {
    const { config: inferred, implied } = configOf("default", record, list);
    inferred.options = { ...implied };
    if (inferred.splits.length > 0 || inferred.problem !== undefined) configs.push(inferred);
  }
  const marked = cardConfigs.find((config) => config.default === true)?.config_name;
  const defaultConfig = configs.find((config) => config.name === marked) ?? configs.find((config) => config.name === "default") ?? configs[0];
  const modalities = tagValues(record.tags, "modality:");
  const native = nativeLibraryOf(record, files);
  // LeRobot keeps its videos in mp4 files beside the parquet files, which hold none: load_dataset decodes no video.
  const decodable = (types: string[]) => (native === "lerobot" ? types.filter((type) => type !== "video") : types);
  for (const config of configs) config.decodes = decodable(decodedFeaturesOf(config.builder, infoEntryOf(record, config.name)?.features, modalities));
  const tagFormats = tagValues(record.tags, "format:");
  const builders = [...new Set(configs.flatMap((config) => (config.builder ? [config.builder] : [])))];
  const gated: unknown = record.gated;
  return {
    id: record.id,
    record,
    access: {
      id: record.id,
      private: record.private === true,
      gated: gated !== undefined && gated !== false && gated !== null,
      repoType: "dataset",
    },
    configs,
    defaultConfig,
    formats: tagFormats.length > 0 ? tagFormats : builders,
    libraryTags: tagValues(record.tags, "library:"),
    files,
    sizes: sizesOf(record),
    viewer:
      refused !== undefined
        ? { served: false, reason: "the dataset viewer reads the card as 🤗 Datasets does, and 🤗 Datasets refuses it" }
        : repository !== undefined && "problem" in repository
          ? {
              served: false,
              reason: "the dataset viewer reads the repository as 🤗 Datasets does, which finds no builder for it from its first config's files",
            }
          : viewerOf(record),
    disabled: record.disabled === true,
    nativeLibrary: native,
    ...(refused !== undefined ? { refusal: refused } : {}),
  };
}

/** The builders' options, as load.py compares them (`csv` with `sep` "\t" is another module than `csv`). */
function sameOptions(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key]);
}

/** Why a config that resolves fine on its own is not read by the repository's builder, or undefined when it is. */
function ownBuilderReason(
  repository: RepositoryBuilder | undefined,
  builder: string | undefined,
  implied: Readonly<Record<string, string>>,
): string | undefined {
  if (repository === undefined || builder === undefined) return undefined;
  if ("problem" in repository) {
    return `🤗 Datasets infers one builder for the whole repository from its first config's files, resolved from the repository's root without that config's data_dir, and finds none there (${repositoryProblem(repository.problem)}), so load_dataset by the repository's id fails for every config`;
  }
  if (repository.builder === builder && sameOptions(repository.options, implied)) return undefined;
  const named = (name: string, options: Readonly<Record<string, string>>) =>
    `${name}${Object.entries(options)
      .map(([key, value]) => ` (${key}=${JSON.stringify(value)})`)
      .join("")}`;
  return `🤗 Datasets reads every config of this repository with the ${named(repository.builder, repository.options)} builder, inferred from its first config's files, and this config's files need the ${named(builder, implied)} builder`;
}

const repositoryProblem = (problem: LayoutProblem): string => {
  switch (problem.kind) {
    case "missing-file":
      return `no file ${problem.path}`;
    case "mixed-formats":
      return `mixed formats: ${problem.builders.join(", ")}`;
    case "zip-archives":
      return "zip archives";
    default:
      return "no data file";
  }
};
