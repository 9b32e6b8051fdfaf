import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { hubTags, rows, splitKey, type TinyDataset } from "./dataset-repos.js";
import { hostileStrings } from "./hostile-records.js";

/*
 * Hostile names for dataset records: config names, split names and file paths from a card, which the dataset
 * snippets must hold as data in Python, JavaScript and the shell. They are the shared hostile strings (quotes,
 * backslashes, $(…), backticks, ${…}, {braces}, line breaks, unicode, …) that a name can be at all: a card's YAML
 * and a URL cannot carry a NUL or a lone surrogate, so those two become printable stand-ins here.
 */

/** [label, text] of every hostile name. */
export const hostileNames: [label: string, text: string][] = [
  ...hostileStrings.map(([label, text]): [string, string] => [label, text.replace(/\u0000/g, "\u0001").replace(/[\ud800-\udfff]/g, "\ufffd")]),
  ["braces", "{config} {{split}} }{"],
  ["shell variables", "$HOME ${PATH} $1 $$"],
  ["leading dash", "--version -rf"],
  ["html and percent escapes", "<script>&amp;%2F%00+"],
];

/** The file path of the i-th hostile name's data: in a folder of its own, so that no two share a pattern. */
export const hostilePath = (index: number, text: string, extension = "parquet") => `data/${index}/${text}.${extension}`;

/**
 * The split of card config i: 🤗 Datasets refuses a card whose split names are not words joined by dots, and every
 * config with it (utils/metadata.py), so a card's hostile names are its configs and files, and its splits are words,
 * a unicode one among them. Hostile split names reach the code through a script dataset's dataset_info instead
 * (hostileScriptRecord), which no such rule reads.
 */
export const cardSplit = (index: number) => (index % 3 === 0 ? "tráin_漢字" : "train");

/**
 * A record whose every config and file is named by a hostile name: config i (named by name i) has one split
 * (cardSplit(i)) whose data is one file (named by name i + 2), each file listed in siblings.
 */
export function hostileDatasetRecord(id: string, extension = "parquet", extra: Record<string, unknown> = {}): DatasetRecord {
  const names = hostileNames.map(([, text]) => text);
  const at = (index: number) => names[index % names.length]!;
  const configs = names.map((text, index) => ({
    config_name: text,
    data_files: [{ split: cardSplit(index), path: hostilePath(index, at(index + 2), extension) }],
  }));
  return DatasetRecordSchema.parse({
    _id: "0123456789abcdef01234567",
    id,
    private: false,
    gated: false,
    tags: [
      `format:${extension === "jsonl" ? "json" : extension}`,
      "library:datasets",
      "library:pandas",
      "library:polars",
      "library:duckdb",
      "library:dask",
      "library:mlcroissant",
    ],
    cardData: { configs },
    siblings: [{ rfilename: "README.md" }, ...names.map((_, index) => ({ rfilename: hostilePath(index, at(index + 2), extension) }))],
    ...extra,
  });
}

/** The config and split names of a hostile script record, in order: what `--config` and `--split` ask for. */
export const hostileChoices = (): { config: string; split: string }[] =>
  hostileNames.map(([, text], index) => ({ config: text, split: hostileNames[(index + 1) % hostileNames.length]![1] }));

/** The config and split names of a hostile card record (hostileDatasetRecord). */
export const hostileCardChoices = (): { config: string; split: string }[] => hostileNames.map(([, text], index) => ({ config: text, split: cardSplit(index) }));

/** A dataset built by a loading script, whose card's dataset_info names hostile configs and splits (hostileChoices). */
export function hostileScriptRecord(id: string, extra: Record<string, unknown> = {}): DatasetRecord {
  return DatasetRecordSchema.parse({
    _id: "0123456789abcdef01234567",
    id,
    tags: ["format:parquet", "library:datasets", "library:pandas", "library:polars", "library:duckdb", "library:dask"],
    cardData: { dataset_info: hostileChoices().map(({ config, split }) => ({ config_name: config, splits: [{ name: split }] })) },
    siblings: [{ rfilename: "README.md" }, { rfilename: `${id.split("/").pop()}.py` }],
    ...extra,
  });
}

/**
 * Whether 🤗 Datasets (5.0) can read a config named by this name, whose one file is named by it too:
 * - it refuses the characters Windows forbids in paths (naming.py's INVALID_WINDOWS_CHARACTERS_IN_PATH, <>:/\|?*),
 *   raising InvalidConfigName; it makes a builder config of every config of the card, so one such name in a card
 *   fails load_dataset for all its configs;
 * - it expands environment variables in the local path of each downloaded file (utils/file_utils.py,
 *   relative_to_absolute_path: os.path.expandvars), so a file named "$HOME …" is looked for under another name
 *   ("FileNotFoundError: …/data/15/root …").
 */
export const datasetsReads = (name: string) => !/[<>:/\\|?*]/.test(name) && !/\$(\w+|\{\w+\})/.test(name);

/**
 * Tiny parquet datasets for the local Hub whose configs are named by the hostile names, each with one split whose
 * one file is named by the same name (in a folder of its own): what the snippets run on must read exactly those
 * names and files. Two datasets: the names 🤗 Datasets can read (hostile-org/hostile-run, which every reader runs
 * on), and those it cannot (hostile-org/hostile-run-refused: every reader but 🤗 Datasets; see datasetsReads). Two more limits shape them:
 * - a card's data_files are glob patterns, so a file name's glob characters ([, ], *, ?) would make it a pattern
 *   naming no file: they become '_' in the file names (the config names keep them);
 * - 🤗 Datasets takes split names of word characters only ("Split name should match '^\w+(\.\w+)*$'"), so the splits
 *   are "train" and a unicode word, "tráin_漢字" (hostile split names are sent exactly by the viewer snippets instead).
 */
export function hostileTinyDatasets(): TinyDataset[] {
  const make = (id: string, taken: boolean): TinyDataset => {
    const files: TinyDataset["files"] = {};
    const configs: Record<string, unknown>[] = [];
    const expected: TinyDataset["expected"] = {};
    hostileNames.forEach(([, text], index) => {
      if (datasetsReads(text) !== taken) return;
      const path = hostilePath(index, text.replace(/[[\]*?]/g, "_"));
      const split = index % 3 === 0 ? "tráin_漢字" : "train";
      const content = rows(`hostile-${index}`);
      files[path] = content;
      configs.push({ config_name: text, data_files: [{ split, path }] });
      expected[splitKey(text, split)] = content.map((row) => row.text);
    });
    return { id, files, configs, tags: hubTags(["parquet"], ["datasets", "pandas", "polars", "dask", "duckdb"]), expected };
  };
  return [make("hostile-org/hostile-run", true), make("hostile-org/hostile-run-refused", false)];
}
