import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetView } from "../../src/dataset/view.js";
import { venvHas } from "../helpers/python-venv.js";

/*
 * Dataset records written as the Hub's API answers them (test/fixtures/dataset-layouts/), one per layout that a
 * guess of our own once read wrongly: Kaggle-style files, stray JSON beside parquet, custom split shards, split
 * folders, evaluation files, media folders, save_to_disk uploads, data_dir configs, 10,000 shards. Each states the
 * splits and files that 🤗 Datasets reads and the libraries offered; the splits are also checked against the
 * installed datasets package.
 */

const folder = fileURLToPath(new URL("../fixtures/dataset-layouts/", import.meta.url));
const read = (name: string) => parseDatasetRecord(readFileSync(`${folder}${name}.json`, "utf8"), `${name}.json`);

const tables = ["datasets", "pandas", "polars", "duckdb", "dask", "mlcroissant", "requests", "fetch", "hf", "curl"];
const generic = ["requests", "fetch", "hf", "curl"];
/** Media folders, Arrow uploads, logs: 🤗 Datasets, and Croissant from the viewer's parquet export of them. */
const onlyDatasets = ["datasets", "mlcroissant", ...generic];

interface Expected {
  builder: string | undefined;
  /** Each split of the default config with its files, or its file count and the pattern a reader names. */
  splits: [string, string[] | { count: number; paths: string[] }][];
  clients: string[];
  note?: RegExp;
}

const expected: Record<string, Expected> = {
  "kaggle-titanic": {
    builder: "csv",
    splits: [
      ["train", ["train.csv"]],
      ["test", ["test.csv"]],
    ],
    clients: tables,
  },
  "stray-metadata-json": {
    builder: "parquet",
    splits: [
      ["train", ["data/train-00000-of-00001.parquet"]],
      ["test", ["data/test-00000-of-00001.parquet"]],
    ],
    clients: tables,
  },
  "dataset-infos-beside-csv": { builder: "csv", splits: [["train", ["train.csv"]]], clients: tables },
  "hidden-and-pycache": { builder: "json", splits: [["train", ["data/train.jsonl"]]], clients: tables },
  "hh-rlhf-layout": {
    builder: "json",
    splits: [
      ["train", ["harmless-base/train.jsonl.gz", "helpful-base/train.jsonl.gz"]],
      ["test", ["harmless-base/test.jsonl.gz", "helpful-base/test.jsonl.gz"]],
    ],
    clients: tables,
  },
  "folder-decides": {
    builder: "csv",
    splits: [
      ["train", ["data/train/part-0.csv"]],
      ["test", ["data/test/train_ids.csv"]],
    ],
    clients: tables,
  },
  "custom-split-shards": {
    builder: "parquet",
    splits: [
      ["train", ["data/train-00000-of-00001.parquet"]],
      ["test_matched", ["data/test_matched-00000-of-00001.parquet"]],
      ["validation_matched", ["data/validation_matched-00000-of-00001.parquet"]],
      ["validation_mismatched", ["data/validation_mismatched-00000-of-00001.parquet"]],
    ],
    clients: tables,
  },
  "evaluation-file": {
    builder: "json",
    splits: [
      ["train", ["train.jsonl"]],
      ["test", ["evaluation.jsonl"]],
    ],
    clients: tables,
  },
  "numbered-splits": {
    builder: "csv",
    splits: [
      ["train", ["train1.csv"]],
      ["test", ["test1.csv"]],
    ],
    clients: tables,
  },
  imagefolder: {
    builder: "imagefolder",
    splits: [
      ["train", ["train/cat/1.jpg", "train/cat/2.jpg", "train/dog/3.jpg", "train/metadata.csv"]],
      ["test", ["test/cat/4.jpg"]],
    ],
    clients: onlyDatasets,
  },
  audiofolder: {
    builder: "audiofolder",
    splits: [
      ["train", ["data/train/a.wav", "data/train/b.wav", "data/train/metadata.jsonl"]],
      ["test", ["data/test/c.wav", "data/test/metadata.jsonl"]],
    ],
    clients: onlyDatasets,
  },
  "save-to-disk": {
    builder: "arrow",
    splits: [
      ["train", ["train/data-00000-of-00001.arrow"]],
      ["test", ["test/data-00000-of-00001.arrow"]],
    ],
    clients: onlyDatasets,
  },
  "data-dir-configs": {
    builder: "parquet",
    splits: [["train", ["data/python/train-00000-of-00002.parquet", "data/python/train-00001-of-00002.parquet"]]],
    clients: tables,
  },
  "ten-thousand-shards": {
    builder: "parquet",
    splits: [
      ["train", { count: 10000, paths: ["data/train-*.parquet"] }],
      ["test", ["data/test-00000-of-00001.parquet"]],
    ],
    clients: tables,
  },
  "many-parts": { builder: "json", splits: [["train", { count: 20, paths: ["data/part-*.jsonl"] }]], clients: tables },
  "json-array": { builder: "json", splits: [["train", ["data.json"]]], clients: tables },
  "zst-lines": {
    builder: "json",
    splits: [
      ["train", ["train.jsonl.zst"]],
      ["test", ["test.jsonl.zst"]],
    ],
    clients: tables,
  },
  "mixed-formats": {
    builder: undefined,
    splits: [
      ["train", ["train.csv"]],
      ["test", ["test.jsonl"]],
    ],
    clients: generic,
    note: /mixes formats across splits/,
  },
  "webdataset-shards": {
    builder: "webdataset",
    splits: [
      ["train", ["train/shard-0000.tar", "train/shard-0001.tar"]],
      ["validation", ["validation/shard-0000.tar"]],
    ],
    clients: ["datasets", "mlcroissant", "webdataset", ...generic],
  },
  "tsv-splits": {
    builder: "csv",
    splits: [
      ["train", ["train.tsv"]],
      ["validation", ["dev.tsv"]],
    ],
    clients: tables,
  },
  // The first config's missing file fails the repository's one builder, so the viewer cannot read it either.
  "card-missing-file": {
    builder: undefined,
    splits: [
      ["train", ["data/train.csv"]],
      ["test", []],
    ],
    clients: ["hf"],
    note: /does not have \(data\/test\.csv\)/,
  },
  "gated-sharded": {
    builder: "parquet",
    splits: [
      ["train", ["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"]],
      ["validation", ["data/validation-00000-of-00001.parquet"]],
    ],
    clients: tables,
  },
  "eval-logs": { builder: "eval", splits: [["logs", ["logs/2025-01-01T00-00-00_task.eval"]]], clients: onlyDatasets },
  "script-only": {
    // The card's dataset_info names the configs and splits (the script is not run): plain_text's train and validation,
    // read from the Hub's parquet conversion of it, which names no file in the record.
    builder: "parquet",
    splits: [
      ["train", []],
      ["validation", []],
    ],
    clients: tables,
    note: /squad-script\.py builds this dataset, a loading script that 🤗 Datasets 4 and later no longer run; the code reads the Hub's parquet conversion of it \(refs\/convert\/parquet\)/,
  },
  // One split of en only partly converted: every split of en is then under partial-<split>; fr's are not.
  "script-partial-conversion": {
    builder: "parquet",
    splits: [
      ["train", []],
      ["validation", []],
    ],
    clients: tables,
    note: /web-crawl\.py builds this dataset.*which the dataset viewer wrote before it stopped converting script datasets: the branch may be stale, or missing/,
  },
  // Polars and DuckDB cannot read a zipped CSV (Polars reads it as an empty table); pandas, Dask and 🤗 Datasets can.
  "zipped-csv": { builder: "csv", splits: [["train", ["train.csv.zip"]]], clients: ["datasets", "pandas", "dask", "mlcroissant", ...generic] },
  // The viewer serves neither a dataset whose card turns it off nor one the Hub marks not for all audiences.
  "viewer-off": {
    builder: "parquet",
    splits: [["train", ["data/train-00000-of-00001.parquet"]]],
    clients: ["datasets", "pandas", "polars", "duckdb", "dask", "hf"],
    note: /no dataset viewer calls, as its card turns the dataset viewer off/,
  },
  "not-for-all-audiences": {
    builder: "json",
    splits: [["train", ["train.jsonl"]]],
    clients: ["datasets", "pandas", "polars", "duckdb", "dask", "hf"],
    note: /not-for-all-audiences/,
  },
  "private-parquet": {
    builder: "parquet",
    splits: [["train", ["data/train-00000-of-00001.parquet"]]],
    clients: tables,
    note: /serves private datasets only to PRO users/,
  },
  // Libraries with a format of their own, read by their own loader; LeRobot's and FiftyOne's downloads take the whole repository.
  "lerobot-episodes": {
    builder: "parquet",
    splits: [["train", ["data/chunk-000/file-000.parquet"]]],
    clients: ["datasets", "pandas", "polars", "mlcroissant", "lerobot", ...generic],
  },
  // A LeRobot v2.1 layout (meta/episodes.jsonl, an episode a file): lerobot 0.4 and later read only v3.0.
  "lerobot-v21": {
    builder: "parquet",
    splits: [["train", ["data/chunk-000/episode_000000.parquet", "data/chunk-000/episode_000001.parquet"]]],
    clients: ["datasets", "pandas", "polars", "mlcroissant", "lerobot", ...generic],
  },
  "fiftyone-detection": { builder: "json", splits: [["train", ["metadata.json", "samples.json"]]], clients: ["fiftyone", ...generic] },
  "lance-table": {
    builder: "lance",
    splits: [
      [
        "train",
        [
          "data/train.lance/_versions/1.manifest",
          "data/train.lance/_transactions/0-abc.txn",
          "data/train.lance/data/0001.lance",
          "data/train.lance/data/0002.lance",
        ],
      ],
    ],
    clients: ["datasets", "lance", ...generic],
  },
  "readme-only": { builder: undefined, splits: [], clients: generic, note: /holds no data file/ },
  // The card's reader options (issue 52): every table reader is told them in its own terms, or is not offered.
  "card-separator": { builder: "csv", splits: [["train", ["data/energy.csv"]]], clients: tables },
  "json-field": {
    builder: "json",
    splits: [
      ["train", ["train.json"]],
      ["validation", ["dev.json"]],
    ],
    clients: ["datasets", "pandas", "polars", "duckdb", "mlcroissant", "requests", "fetch", "hf", "curl"],
    note: /no Dask code, as its card reads each file's rows from one JSON object's data list \(field\)/,
  },
  // A card 🤗 Datasets refuses is refused whole: its valid configs too, and the viewer with them.
  "card-dict-data-files": {
    builder: "csv",
    splits: [["train", ["clean/train.csv"]]],
    clients: ["hf"],
    note: /refuses this repository's card, as config noisy writes data_files as a mapping of splits.*and with it every config/,
  },
  "card-invalid-pattern": {
    builder: undefined,
    splits: [["train", []]],
    clients: ["hf"],
    note: /data\/part\*\*x\.csv: '\*\*' can only be a whole path component/,
  },
  "refused-split-names": {
    builder: "parquet",
    splits: [
      ["train", ["data/train-00000-of-00001.parquet"]],
      ["dev-clean", ["data/dev-clean-00000-of-00001.parquet"]],
    ],
    clients: ["hf"],
    note: /not a valid split name \(dev-clean/,
  },
  // Library tags name readers, but a tag alone reads nothing: no reader over an empty list of files.
  "refused-shard-split-names": { builder: undefined, splits: [], clients: generic, note: /not a valid split name \(dev-clean\)/ },
  // One builder per repository, inferred from the first config's files from the root.
  "builder-of-first-config": { builder: "json", splits: [["train", ["names/part-0.jsonl"]]], clients: tables },
  "first-config-data-dir": {
    builder: "csv",
    splits: [
      ["train", ["europe/train.csv"]],
      ["test", ["europe/test.csv"]],
    ],
    clients: ["datasets", "pandas", "polars", "duckdb", "dask", "hf"],
    note: /finds none there \(no file train\.csv\), so load_dataset by the repository's id fails for every config; the 🤗 Datasets code names the csv builder/,
  },
  // A VLM dataset's images in a list (sequence: image): ds[0] decodes them with Pillow.
  "vlm-image-lists": { builder: "parquet", splits: [["train", ["data/train-00000-of-00001.parquet"]]], clients: tables },
  // The Hub's Croissant describes 100 configs: the default (lang_075), then the others by name (lang_000 to lang_099).
  "croissant-151-configs": { builder: "parquet", splits: [["train", ["lang_075/train-00000-of-00001.parquet"]]], clients: tables },
  // 4.9 GB of parquet files that load to 9.8 GB (10M+ rows): too large to load whole.
  "memory-over-files": { builder: "parquet", splits: [["train", { count: 10, paths: ["data/train-*"] }]], clients: tables },
  // A card config's files are not filtered by extension: the json builder reads the csv file too, and fails.
  "card-mixed-files": {
    builder: "json",
    splits: [["train", ["data/a.jsonl", "data/b.jsonl"]]],
    clients: generic,
    note: /names files of another format beside its json files \(data\/c\.csv\)/,
  },
  "training-folder-words": {
    builder: "parquet",
    splits: [
      ["train", ["training_set/a.parquet"]],
      ["test", ["testing_set/b.parquet"]],
    ],
    clients: tables,
  },
};

const names = readdirSync(folder)
  .filter((name) => name.endsWith(".json"))
  .map((name) => name.slice(0, -".json".length));

describe("dataset records as the Hub's API answers them: the splits 🤗 Datasets reads, and the libraries offered", () => {
  it("has an expectation for every record of the corpus, and at least 25 records", () => {
    expect(names.filter((name) => !(name in expected) && !knownOpen.has(name))).toEqual([]);
    expect(names.length).toBeGreaterThanOrEqual(25);
  });

  it.each(Object.entries(expected))("%s", (name, want) => {
    const record = read(name);
    const config = datasetView(record).defaultConfig;
    expect(config?.builder).toBe(want.builder);
    const splits = (config?.splits ?? []).map((split) => [
      split.name,
      split.files.length > 8 ? { count: split.files.length, paths: split.paths } : split.files,
    ]);
    expect(splits).toEqual(want.splits);
    const answer = getDatasetSnippets(record);
    expect(answer.snippets.map((snippet) => snippet.client)).toEqual(want.clients);
    if (want.note) expect(answer.notes.join("\n")).toMatch(want.note);
  });

  it("reads LeRobot, FiftyOne and Lance repositories with their own loaders", () => {
    const contentOf = (name: string, client: string) => getDatasetSnippets(read(name), { client }).snippets[0]!.content;
    expect(contentOf("lerobot-episodes", "lerobot")).toContain('dataset = LeRobotDataset("someone/so101-pick")');
    expect(contentOf("lerobot-episodes", "hf")).toBe("hf download someone/so101-pick --repo-type dataset --local-dir so101-pick");
    expect(contentOf("fiftyone-detection", "fiftyone")).toContain('dataset = load_from_hub("someone/fo-detection")');
    expect(contentOf("fiftyone-detection", "hf")).toBe("hf download someone/fo-detection --repo-type dataset --local-dir fo-detection");
    expect(contentOf("lance-table", "lance")).toContain('ds = lance.dataset("hf://datasets/someone/lance-table/data/train.lance")');
  });

  it("tells every table reader the card's options in its own terms (sep, field)", () => {
    const contentOf = (name: string, client: string, options: { config?: string } = {}) =>
      getDatasetSnippets(read(name), { client, ...options }).snippets[0]?.content ?? "";
    expect(contentOf("card-separator", "pandas")).toContain('pd.read_csv("hf://datasets/someone/energy-semicolon/data/energy.csv", sep=";")');
    expect(contentOf("card-separator", "dask")).toContain('dd.read_csv("hf://datasets/someone/energy-semicolon/data/energy.csv", sep=";")');
    expect(contentOf("card-separator", "polars")).toContain('separator=";"');
    expect(contentOf("card-separator", "duckdb")).toContain("read_csv('hf://datasets/someone/energy-semicolon/data/energy.csv', delim = ';')");
    expect(contentOf("json-field", "pandas")).toContain('field = "data"\n');
    expect(contentOf("json-field", "pandas")).toContain("rows += json.load(file)[field]");
    expect(contentOf("json-field", "polars")).toContain("df = pl.DataFrame(rows)");
    expect(contentOf("json-field", "duckdb")).toContain('SELECT unnest(\\"data\\", max_depth := 2) FROM read_json(');
    expect(contentOf("json-field", "dask")).toBe("");
  });

  it("names the config's own builder where the repository's one builder cannot read it", () => {
    const shapes = getDatasetSnippets(read("builder-of-first-config"), { client: "datasets", config: "shapes" });
    expect(shapes.snippets[0]!.content).toContain('"parquet",\n    data_files={"train": "hf://datasets/someone/places/shapes/part-0.geoparquet"},');
    expect(shapes.notes.join("\n")).toMatch(
      /every config of this repository with the json builder, inferred from its first config's files, and this config's files need the parquet builder/,
    );
    const names = getDatasetSnippets(read("builder-of-first-config"), { client: "datasets" });
    expect(names.snippets[0]!.content).toContain('load_dataset("someone/places", "names", split="train")');
    const asia = getDatasetSnippets(read("first-config-data-dir"), { client: "datasets", config: "asia" }).snippets[0]!.content;
    expect(asia).toContain('"csv",\n    data_files={"train": "hf://datasets/someone/by-region/asia/train.csv"},');
  });

  it("pins the lerobot that reads a LeRobot v2.1 layout, and installs no video decoder for its parquet files", () => {
    const v21 = getDatasetSnippets(read("lerobot-v21"), { client: "lerobot" }).snippets[0]!;
    expect(v21.install).toBe('pip install -U "lerobot<0.4"');
    expect(v21.content).toContain("LeRobot v2.1");
    expect(v21.content).toContain("convert_dataset_v21_to_v30");
    expect(getDatasetSnippets(read("lerobot-episodes"), { client: "lerobot" }).snippets[0]!.install).toBe("pip install -U lerobot");
    // The videos are mp4 files beside the parquet files, which hold none: load_dataset reads the tables alone.
    expect(getDatasetSnippets(read("lerobot-v21"), { client: "datasets" }).snippets[0]!.install).toBe("pip install -U datasets");
  });

  it("reads every split of a partly converted config from its partial-<split> folder, per config", () => {
    const paths = datasetView(read("script-partial-conversion")).configs.map((config) => [config.name, config.splits.map((split) => split.paths[0])]);
    expect(paths).toEqual([
      ["en", ["en/partial-train/*.parquet", "en/partial-validation/*.parquet"]],
      ["fr", ["fr/train/*.parquet", "fr/validation/*.parquet"]],
    ]);
  });

  it("writes Croissant code only for a config the Hub's Croissant describes (100: the default, then by name)", () => {
    const clientsOf = (config: string) => getDatasetSnippets(read("croissant-151-configs"), { config, language: "python" });
    expect(clientsOf("lang_099").snippets.map((snippet) => snippet.client)).toContain("mlcroissant");
    const beyond = clientsOf("lang_100");
    expect(beyond.snippets.map((snippet) => snippet.client)).not.toContain("mlcroissant");
    expect(beyond.notes.join("\n")).toMatch(
      /no Croissant \(mlcroissant\) code, as the Hub's Croissant describes 100 of its 151 configs \(the default one, then the others by name\), not lang_100/,
    );
  });

  it("reads a sample of a split whose files are under 5 GB but that loads to more (dataset_info's num_bytes)", () => {
    const pandas = getDatasetSnippets(read("memory-over-files"), { client: "pandas" }).snippets[0]!.content;
    expect(pandas).toContain("# its train split is 9.8 GB once loaded:");
    expect(pandas).toContain('df = pd.read_parquet(f"hf://{paths[0]}")');
    expect(getDatasetSnippets(read("memory-over-files"), { client: "datasets" }).snippets[0]!.content).toContain("streaming=True");
  });

  it("gives a disabled dataset a message instead of code (exit 1)", () => {
    expect(() => getDatasetSnippets(read("disabled"))).toThrow(/someone\/taken-down is disabled on the Hub: its files cannot be downloaded/);
  });

  it("installs what decodes a media folder's rows with 🤗 Datasets (read as a row is read: Pillow, torchcodec)", () => {
    const installOf = (name: string) => getDatasetSnippets(read(name), { client: "datasets" }).snippets[0]!.install;
    expect(installOf("imagefolder")).toBe('pip install -U "datasets[vision]"');
    expect(installOf("audiofolder")).toBe('pip install -U "datasets[audio]"');
    expect(installOf("kaggle-titanic")).toBe("pip install -U datasets");
    expect(installOf("vlm-image-lists")).toBe('pip install -U "datasets[vision]"');
  });

  it("installs zstandard where pandas or Dask read .zst files", () => {
    const answer = getDatasetSnippets(read("zst-lines"));
    const installs = Object.fromEntries(answer.snippets.map((snippet) => [snippet.client, snippet.install ?? ""]));
    expect(installs.pandas).toContain("zstandard");
    expect(installs.dask).toContain("zstandard");
    expect(installs.polars).not.toContain("zstandard");
  });
});

/** Records with no expected splits: a disabled dataset gets a message instead of code (its own test below). */
const knownOpen = new Set<string>(["disabled"]);

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const oracle = fileURLToPath(new URL("../python/data_files_oracle.py", import.meta.url));
const available = venvHas(["datasets"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets");

describe.skipIf(!available)("the corpus's splits, held to the installed 🤗 Datasets", () => {
  it("resolves every record's default config to the same splits and files as datasets", { timeout: 60_000 }, () => {
    // (A script dataset is read from the Hub's parquet conversion, a branch whose files the record does not list.)
    const cases = Object.keys(expected).filter(
      (name) => expected[name]!.builder !== undefined && datasetView(read(name)).defaultConfig?.loadingScript === undefined,
    );
    const layouts = cases.map((name) => {
      const record = read(name);
      // The default config's card entry (the first, unless another says default: true).
      const chosen = datasetView(record).defaultConfig?.name;
      const first = record.cardData?.configs?.find((config) => config.config_name === chosen) ?? record.cardData?.configs?.[0];
      return {
        files: (record.siblings ?? []).map((sibling) => sibling.rfilename),
        ...(first ? { config: { data_files: first.data_files, data_dir: first.data_dir } } : {}),
      };
    });
    const run = spawnSync(datasetsPython, [oracle], {
      input: layouts.map((layout) => JSON.stringify(layout)).join("\n") + "\n",
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    const answers = run.stdout.trim().split("\n").slice(1);
    expect(answers).toHaveLength(cases.length);
    cases.forEach((name, index) => {
      const theirs = JSON.parse(answers[index]!) as { splits: [string, string[]][]; builder: string };
      const config = datasetView(read(name)).defaultConfig!;
      expect([name, theirs.builder, theirs.splits.map(([split, files]) => [split, [...files].sort()])]).toEqual([
        name,
        config.builder,
        config.splits.map((split) => [split.name, [...split.files].sort()]),
      ]);
    });
  });
});
