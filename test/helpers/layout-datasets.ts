import { expectedRows, hubTags, rows, type TinyDataset } from "./dataset-repos.js";

/*
 * Tiny datasets laid out as real repositories are, whose splits 🤗 Datasets infers from the files (no card configs),
 * or reads from a config's data_dir: each once read wrongly by a guess of our own. Their stray files hold rows too,
 * so a reader that reads one shows it. Markers are `<dataset>-<config>-<split>-...`, as in dataset-repos.ts.
 */

const tables = ["datasets", "pandas", "polars", "dask", "duckdb", "mlcroissant"];

export function layoutDatasets(): TinyDataset[] {
  const kaggle: TinyDataset = {
    id: "layout-org/kaggle-style",
    files: { "train.csv": rows("kaggle-default-train-0", 3), "test.csv": rows("kaggle-default-test-0") },
    // (A stray dataset_infos.json is left to the view's corpus: 🤗 Datasets reads that name as its legacy infos file.)
    stray: { "gender_submission.csv": rows("kaggle-stray-submission-0") },
    tags: hubTags(["csv"], tables),
    expected: {},
  };
  const customSplits: TinyDataset = {
    id: "layout-org/custom-splits",
    files: {
      "data/train-00000-of-00001.parquet": rows("custom-default-train-0"),
      "data/validation_matched-00000-of-00001.parquet": rows("custom-default-validation_matched-0"),
      "data/validation_mismatched-00000-of-00001.parquet": rows("custom-default-validation_mismatched-0"),
    },
    stray: { "metadata.json": rows("custom-stray-metadata-0") },
    tags: hubTags(["parquet"], tables),
    expected: {},
  };
  const evaluation: TinyDataset = {
    id: "layout-org/evaluation-lines",
    files: { "train.jsonl": rows("evaluation-default-train-0"), "evaluation.jsonl": rows("evaluation-default-test-0") },
    stray: { ".hidden/extra.jsonl": rows("evaluation-stray-hidden-0"), "__pycache__/cached.jsonl": rows("evaluation-stray-pycache-0") },
    tags: hubTags(["json"], tables),
    expected: {},
  };
  const folders: TinyDataset = {
    id: "layout-org/split-folders",
    files: { "data/train/part-0.csv": rows("folders-default-train-0"), "data/test/train_ids.csv": rows("folders-default-test-0") },
    stray: { "red-team-attempts/attempts.csv": rows("folders-stray-redteam-0") },
    tags: hubTags(["csv"], tables),
    expected: {},
  };
  const byLanguage: TinyDataset = {
    id: "layout-org/by-language",
    files: {
      "data/python/train-0.parquet": rows("bylang-python-train-0"),
      "data/python/train-1.parquet": rows("bylang-python-train-1"),
      "data/python/test.parquet": rows("bylang-python-test-0"),
      "data/java/train.parquet": rows("bylang-java-train-0"),
    },
    configs: [
      { config_name: "python", data_dir: "data/python", default: true },
      { config_name: "java", data_dir: "data/java" },
    ],
    tags: hubTags(["parquet"], tables),
    expected: {},
  };
  // Tagged as the Hub tags fineweb (size_categories:n>1T): its code streams, scans or reads one file of the split.
  const large: TinyDataset = {
    id: "layout-org/large-shards",
    files: {
      "data/train-00000-of-00002.parquet": rows("large-default-train-0"),
      "data/train-00001-of-00002.parquet": rows("large-default-train-1"),
      "data/test-00000-of-00001.parquet": rows("large-default-test-0"),
    },
    tags: ["size_categories:n>1T", "format:parquet", "modality:text", ...tables.map((library) => `library:${library}`), "region:us"],
    expected: {},
  };
  // Compressed data: zstd JSON Lines (pandas and Dask need zstandard), a zipped CSV (Polars and DuckDB cannot read zip).
  const zst: TinyDataset = {
    id: "layout-org/zst-lines",
    files: { "train.jsonl.zst": rows("zst-default-train-0"), "test.jsonl.zst": rows("zst-default-test-0") },
    tags: hubTags(["json"], tables),
    expected: {},
  };
  const zipped: TinyDataset = {
    id: "layout-org/zipped-csv",
    files: { "train.csv.zip": rows("zip-default-train-0", 3) },
    tags: hubTags(["csv"], ["datasets", "pandas", "dask", "mlcroissant"]),
    expected: {},
  };
  // A save_to_disk upload: Arrow streams per split beside the JSON files save_to_disk writes, which no split reads.
  const saved: TinyDataset = {
    id: "layout-org/saved-to-disk",
    files: { "train/data-00000-of-00001.arrow": rows("saved-default-train-0", 3), "test/data-00000-of-00001.arrow": rows("saved-default-test-0") },
    stray: {
      "dataset_dict.json": rows("saved-stray-dict-0"),
      "train/state.json": rows("saved-stray-state-0"),
      "train/dataset_info.json": rows("saved-stray-info-0"),
    },
    tags: hubTags(["arrow"], ["datasets"]),
    expected: {},
  };
  // JSON Lines under .json names: the first character, not the name, says how to read them (as the Hub reads them).
  const jsonLines: TinyDataset = {
    id: "layout-org/json-named-lines",
    files: { "data/train.lines.json": rows("jsonlines-default-train-0", 3), "data/test.lines.json": rows("jsonlines-default-test-0") },
    tags: hubTags(["json"], tables),
    expected: {},
  };
  // An image folder: images in split folders, each folder's metadata.csv giving their text; read by 🤗 Datasets alone.
  const images: TinyDataset = {
    id: "layout-org/image-folder",
    files: { "train/a.png": rows("imgf-default-train-a", 1), "train/b.png": rows("imgf-default-train-b", 1), "test/c.png": rows("imgf-default-test-c", 1) },
    tags: hubTags(["imagefolder"], ["datasets", "mlcroissant"]),
    expected: {},
  };
  // An audio folder: WAV clips in split folders with their metadata.csv, read by 🤗 Datasets alone, which decodes each
  // clip as its row is read (torchcodec: a stand-in here, test/python/standins/torchcodec).
  const audio: TinyDataset = {
    id: "layout-org/audio-folder",
    files: { "train/a.wav": rows("audf-default-train-a", 1), "train/b.wav": rows("audf-default-train-b", 1), "test/c.wav": rows("audf-default-test-c", 1) },
    tags: hubTags(["audiofolder"], ["datasets", "mlcroissant"]),
    expected: {},
  };
  // Built by a loading script, which 🤗 Datasets 4 refuses: read from the Hub's parquet conversion of it, on its branch;
  // one split's name begins the other's (validation_matched, validation_mismatched), so each is named exactly.
  const script: TinyDataset = {
    id: "layout-org/script-built",
    files: {
      "plain_text/train/0000.parquet": rows("script-plain_text-train-0"),
      "plain_text/train/0001.parquet": rows("script-plain_text-train-1"),
      "plain_text/validation_matched/0000.parquet": rows("script-plain_text-validation_matched-0"),
      "plain_text/validation_mismatched/0000.parquet": rows("script-plain_text-validation_mismatched-0"),
      "second/train/0000.parquet": rows("script-second-train-0", 3),
    },
    loadingScript: true,
    tags: hubTags(["parquet"], tables),
    expected: {},
  };
  const all = [kaggle, customSplits, evaluation, folders, byLanguage, large, zst, zipped, saved, jsonLines, images, audio, script];
  for (const dataset of all) dataset.expected = expectedRows(dataset);
  return all;
}
