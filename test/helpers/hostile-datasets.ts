import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { hostileStrings } from "./hostile-records.js";

/*
 * Hostile names for dataset records: config names, split names and file paths from a card, which the dataset
 * snippets must hold as data in Python, JavaScript and the shell. They are the shared hostile strings (quotes,
 * backslashes, $(…), backticks, ${…}, {braces}, line breaks, unicode, …) that a name can be at all: a card's YAML
 * and a URL cannot carry a NUL or a lone surrogate, so those two become printable stand-ins here.
 */

/** [label, text] of every hostile name. */
export const hostileNames: [label: string, text: string][] = [
  ...hostileStrings.map(([label, text]): [string, string] => [
    label,
    text.replace(/\u0000/g, "\u0001").replace(/[\ud800-\udfff]/g, "\ufffd"),
  ]),
  ["braces", "{config} {{split}} }{"],
  ["shell variables", "$HOME ${PATH} $1 $$"],
  ["leading dash", "--version -rf"],
  ["html and percent escapes", "<script>&amp;%2F%00+"],
];

/** The file path of the i-th hostile name's data: in a folder of its own, so that no two share a pattern. */
export const hostilePath = (index: number, text: string, extension = "parquet") => `data/${index}/${text}.${extension}`;

/**
 * A record whose every config, split and file is named by a hostile name: config i (named by name i) has one split
 * (named by name i + 1) whose data is one file (named by name i + 2), each file listed in siblings.
 */
export function hostileDatasetRecord(id: string, extension = "parquet", extra: Record<string, unknown> = {}): DatasetRecord {
  const names = hostileNames.map(([, text]) => text);
  const at = (index: number) => names[index % names.length]!;
  const configs = names.map((text, index) => ({
    config_name: text,
    data_files: [{ split: at(index + 1), path: hostilePath(index, at(index + 2), extension) }],
  }));
  return DatasetRecordSchema.parse({
    _id: "0123456789abcdef01234567",
    id,
    private: false,
    gated: false,
    tags: [`format:${extension === "jsonl" ? "json" : extension}`, "library:datasets", "library:pandas", "library:polars", "library:duckdb", "library:dask", "library:mlcroissant"],
    cardData: { configs },
    siblings: [{ rfilename: "README.md" }, ...names.map((_, index) => ({ rfilename: hostilePath(index, at(index + 2), extension) }))],
    ...extra,
  });
}

/** The config and split names of a hostile record, in order: what `--config` and `--split` ask for. */
export const hostileChoices = (): { config: string; split: string }[] =>
  hostileNames.map(([, text], index) => ({ config: text, split: hostileNames[(index + 1) % hostileNames.length]![1] }));
