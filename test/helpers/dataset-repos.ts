import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { runProcess } from "./async-process.js";
import type { LocalHub, LocalHubRepo } from "./local-hub.js";

/*
 * Tiny dataset repositories for the local Hub (test/helpers/local-hub.ts), each described once: its files and their
 * rows, its card's configs (written into README.md's YAML, as on the Hub), its tags. From the description come the
 * folder the hub serves (data files written by test/python/tiny_datasets.py with pandas and pyarrow) and the record
 * the Hub's dataset API would answer for it (cardData, tags, siblings), from which the snippets are generated.
 * Every row's `text` is a marker naming its dataset, config, split and file, so a run's output shows which rows it
 * read.
 */

const makeFiles = fileURLToPath(new URL("../python/tiny_datasets.py", import.meta.url));

export interface DatasetRow {
  text: string;
  label: number;
}

export interface TinyDataset {
  id: string;
  /** The files and their rows; README.md is written from `configs`. */
  files: Record<string, DatasetRow[]>;
  /** Files beside the data that no split reads (a Kaggle submission file, hidden files): their rows must never show. */
  stray?: Record<string, DatasetRow[]>;
  /** The card's `configs:` (omitted: a card without configs, whose splits the libraries infer from the file names). */
  configs?: Record<string, unknown>[];
  tags: string[];
  gated?: "auto" | "manual";
  private?: boolean;
  /**
   * Built by a loading script: main holds the script and a card whose dataset_info lists the configs and splits, and
   * `files` (`<config>/<split>/NNNN.parquet`) are the Hub's parquet conversion of it, on its own branch.
   */
  loadingScript?: boolean;
  /**
   * The rows of each config's split, keyed by splitKey(config, split): the files the card's patterns name, in the
   * order the libraries list them (sorted).
   */
  expected: Record<string, string[]>;
}

/** Rows whose text marks where they are: `<prefix>-<index>`. */
export const rows = (prefix: string, count = 2): DatasetRow[] =>
  Array.from({ length: count }, (_, index) => ({ text: `${prefix}-${index}`, label: index % 2 }));

/** The branch of the Hub's parquet conversion of a dataset. */
export const PARQUET_BRANCH = "refs/convert/parquet";

/** The card's data of a dataset: its configs, or a script dataset's dataset_info (its configs and splits), or none. */
function cardDataOf(dataset: TinyDataset): Record<string, unknown> {
  if (dataset.configs) return { configs: dataset.configs };
  if (!dataset.loadingScript) return { pretty_name: "tiny" };
  const splits = new Map<string, Set<string>>();
  for (const path of Object.keys(dataset.files)) {
    const [config, split] = path.split("/") as [string, string];
    (splits.get(config) ?? splits.set(config, new Set()).get(config)!).add(split);
  }
  return {
    dataset_info: [...splits].map(([config, names]) => ({ config_name: config, splits: [...names].map((name) => ({ name, num_examples: 2 })) })),
  };
}

/** The loading script of a script dataset, at the root as `<name>.py` (never run: 🤗 Datasets 4 refuses it). */
const scriptName = (dataset: TinyDataset) => `${dataset.id.split("/")[1]}.py`;

/** The folder the local Hub serves a script dataset's parquet conversion from. */
export const conversionDir = (root: string, dataset: TinyDataset) => join(root, "__parquet-conversion__", ...dataset.id.split("/"));

/** The README.md of a dataset: the card's YAML, written as JSON (YAML's flow style), as the Hub reads it. */
export function readmeOf(dataset: TinyDataset): string {
  // YAML holds no raw DEL or C1 control (PyYAML: "special characters are not allowed"): those are escaped, as JSON may.
  const card = Object.entries(cardDataOf(dataset)).map(([key, value]) => `${key}: ${JSON.stringify(value)}`)[0]!;
  const yaml = `${card.replace(/[\u007f-\u009f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`)}\n`;
  return `---\n${yaml}---\n\n# ${dataset.id}\n\nA tiny dataset served by the test suite's local Hub.\n`;
}

/** Writes the repository folder of each dataset under root (one python process for every data file). */
export async function writeDatasetRepos(root: string, datasets: readonly TinyDataset[], python: string): Promise<LocalHubRepo[]> {
  const files: { path: string; rows: DatasetRow[] }[] = [];
  const repos = datasets.map((dataset): LocalHubRepo => {
    const dir = join(root, ...dataset.id.split("/"));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "README.md"), readmeOf(dataset));
    if (dataset.loadingScript) writeFileSync(join(dir, scriptName(dataset)), "raise RuntimeError('a loading script: never run')\n");
    const dataDir = dataset.loadingScript ? conversionDir(root, dataset) : dir;
    for (const [path, content] of Object.entries({ ...dataset.files, ...dataset.stray })) {
      mkdirSync(dirname(join(dataDir, path)), { recursive: true });
      files.push({ path: join(dataDir, path), rows: content });
    }
    return {
      id: dataset.id,
      dir,
      type: "dataset",
      ...(dataset.gated ? { gated: dataset.gated } : {}),
      ...(dataset.private ? { private: true } : {}),
      info: { tags: dataset.tags, cardData: cardDataOf(dataset) },
      ...(dataset.loadingScript ? { branches: { [PARQUET_BRANCH]: conversionDir(root, dataset) } } : {}),
    };
  });
  const spec = join(root, "files.json");
  writeFileSync(spec, JSON.stringify({ files }));
  const result = await runProcess("sh", ["-c", `exec "$0" "$1" < "$2"`, python, makeFiles, spec], { timeoutMs: 120_000 });
  if (result.code !== 0) throw new Error(`tiny_datasets.py failed: ${result.stderr.slice(-2000)}`);
  return repos;
}

/** The record the Hub's dataset API answers for a dataset the local Hub serves (/api/datasets/<id>). */
export function recordOf(dataset: TinyDataset, hub?: LocalHub): DatasetRecord {
  const data = dataset.loadingScript ? [scriptName(dataset)] : [...Object.keys(dataset.files), ...Object.keys(dataset.stray ?? {}), ...imageMetadata(dataset)];
  const siblings = ["README.md", ...data].sort();
  return DatasetRecordSchema.parse({
    _id: createHash("md5").update(dataset.id).digest("hex").slice(0, 24),
    id: dataset.id,
    author: dataset.id.split("/")[0],
    ...(hub ? { sha: hub.commitOf(`datasets/${dataset.id}`) } : {}),
    lastModified: "2026-01-01T00:00:00.000Z",
    private: dataset.private ?? false,
    gated: dataset.gated ?? false,
    disabled: false,
    downloads: 0,
    likes: 0,
    tags: dataset.tags,
    cardData: cardDataOf(dataset),
    siblings: siblings.map((rfilename) => ({ rfilename })),
    createdAt: "2026-01-01T00:00:00.000Z",
  });
}

/** The metadata.csv that tiny_datasets.py writes beside a folder's images or audio clips (a media folder's text and labels). */
export const imageMetadata = (dataset: TinyDataset) => [
  ...new Set(Object.keys(dataset.files).flatMap((path) => (/\.(png|wav)$/.test(path) ? [`${path.slice(0, path.lastIndexOf("/") + 1)}metadata.csv`] : []))),
];

/** The tags the Hub computes for a dataset of these formats that these libraries read. */
export const hubTags = (formats: string[], libraries: string[]) => [
  "size_categories:n<1K",
  ...formats.map((format) => `format:${format}`),
  "modality:text",
  ...libraries.map((library) => `library:${library}`),
  "region:us",
];

const tabularLibraries = ["datasets", "pandas", "polars", "dask", "duckdb", "mlcroissant"];

/**
 * The tiny datasets: parquet with two configs (split entries whose path is a glob over shards, one file, a list of
 * files, a folder's glob), csv without configs (splits from the file names), jsonl with a string and split entries of
 * `data_files`, tsv with a list of files, JSON arrays under a glob, a gated parquet dataset and a private one. (A dict of split to patterns, which the record
 * schema takes, is no card's shape: 🤗 Datasets refuses it in README.md's YAML, "Expected data_files in YAML to be
 * either a string or a list of strings or a list of dicts with two keys: 'split' and 'path'".)
 */
export function tinyDatasets(): TinyDataset[] {
  const parquet: TinyDataset = {
    id: "local-org/tiny-parquet",
    files: {
      "first/train-00000-of-00002.parquet": rows("pq-first-train-0"),
      "first/train-00001-of-00002.parquet": rows("pq-first-train-1"),
      "first/test-00000-of-00001.parquet": rows("pq-first-test-0"),
      "second/train/part-a.parquet": rows("pq-second-train-a"),
      "second/train/part-b.parquet": rows("pq-second-train-b"),
      "second/test/part-0.parquet": rows("pq-second-test-0", 3),
    },
    configs: [
      {
        config_name: "first",
        data_files: [
          { split: "train", path: "first/train-*" },
          { split: "test", path: "first/test-00000-of-00001.parquet" },
        ],
        default: true,
      },
      {
        config_name: "second",
        data_files: [
          { split: "train", path: ["second/train/part-a.parquet", "second/train/part-b.parquet"] },
          { split: "test", path: "second/test/*.parquet" },
        ],
      },
    ],
    tags: hubTags(["parquet"], tabularLibraries),
    expected: {},
  };
  const csv: TinyDataset = {
    id: "local-org/tiny-csv",
    files: { "data/train.csv": rows("csv-default-train-0", 3), "data/test.csv": rows("csv-default-test-0") },
    tags: hubTags(["csv"], tabularLibraries),
    expected: {},
  };
  const jsonl: TinyDataset = {
    id: "local-org/tiny-jsonl",
    files: {
      "lines/shard-0.jsonl": rows("jsonl-lines-train-0"),
      "lines/shard-1.jsonl": rows("jsonl-lines-train-1"),
      "split/train.jsonl": rows("jsonl-split-train-0"),
      "split/test-0.jsonl": rows("jsonl-split-test-0"),
      "split/test-1.jsonl": rows("jsonl-split-test-1"),
    },
    configs: [
      { config_name: "lines", data_files: "lines/*.jsonl" },
      {
        config_name: "split",
        data_files: [
          { split: "train", path: "split/train.jsonl" },
          { split: "test", path: ["split/test-0.jsonl", "split/test-1.jsonl"] },
        ],
      },
    ],
    tags: hubTags(["json"], tabularLibraries),
    expected: {},
  };
  const tsv: TinyDataset = {
    id: "local-org/tiny-tsv",
    files: { "tables/a.tsv": rows("tsv-default-train-a"), "tables/b.tsv": rows("tsv-default-train-b") },
    configs: [{ config_name: "default", data_files: ["tables/a.tsv", "tables/b.tsv"] }],
    tags: hubTags(["csv"], tabularLibraries),
    expected: {},
  };
  const json: TinyDataset = {
    id: "local-org/tiny-json",
    files: { "arrays/a.json": rows("json-default-train-a"), "arrays/b.json": rows("json-default-train-b") },
    configs: [{ config_name: "default", data_files: [{ split: "train", path: "arrays/*.json" }] }],
    tags: hubTags(["json"], tabularLibraries),
    expected: {},
  };
  const gated: TinyDataset = {
    id: "gated-org/tiny-gated",
    files: { "data/train-00000-of-00001.parquet": rows("gated-default-train-0") },
    configs: [{ config_name: "default", data_files: [{ split: "train", path: "data/train-*" }] }],
    tags: hubTags(["parquet"], tabularLibraries),
    gated: "manual",
    expected: {},
  };
  const privateDataset: TinyDataset = {
    id: "private-org/tiny-private",
    files: { "data/part-0.parquet": rows("private-default-train-0"), "data/part-1.parquet": rows("private-default-train-1") },
    configs: [{ config_name: "default", data_files: "data/*.parquet" }],
    tags: hubTags(["parquet"], tabularLibraries),
    private: true,
    expected: {},
  };
  const all = [parquet, csv, jsonl, tsv, json, gated, privateDataset];
  for (const dataset of all) dataset.expected = expectedRows(dataset);
  return all;
}

/**
 * A WebDataset dataset: tar shards (each row a sample, keyed by its marker, with .txt and .cls members), its splits
 * named by the file names (no configs in the card), as the Hub's webdataset datasets usually are.
 */
export function webdatasetDataset(gated = false): TinyDataset {
  const dataset: TinyDataset = {
    id: gated ? "gated-org/tiny-webdataset" : "local-org/tiny-webdataset",
    files: {
      "train/shard-00000.tar": rows("wds-default-train-0"),
      "train/shard-00001.tar": rows("wds-default-train-1"),
      "test/shard-00000.tar": rows("wds-default-test-0"),
    },
    tags: hubTags(["webdataset"], ["datasets", "webdataset", "mlcroissant"]),
    ...(gated ? { gated: "manual" as const } : {}),
    expected: {},
  };
  dataset.expected = expectedRows(dataset);
  return dataset;
}

/** The markers of each "config/split", from the file names' markers (every marker is `<ds>-<config>-<split>-...`). */
export function expectedRows(dataset: TinyDataset): Record<string, string[]> {
  const expected: Record<string, string[]> = {};
  for (const path of Object.keys(dataset.files).sort()) {
    for (const row of dataset.files[path]!) {
      const [, config, split] = row.text.split("-");
      (expected[splitKey(config!, split!)] ??= []).push(row.text);
    }
  }
  return expected;
}

/** The key of a config's split in `expected` (names may hold any character). */
export const splitKey = (config: string, split: string) => JSON.stringify([config, split]);

/** The config and split of a key. */
export const splitOfKey = (key: string) => JSON.parse(key) as [config: string, split: string];

/** Every marker of a dataset. */
export const allMarkers = (dataset: TinyDataset) => Object.values({ ...dataset.files, ...dataset.stray }).flatMap((content) => content.map((row) => row.text));
