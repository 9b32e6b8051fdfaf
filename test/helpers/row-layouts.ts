/*
 * Small real repositories whose cards set reader options, for the row differential (test/dataset/rows-differential
 * .test.ts): CSV files with separators, header rows, column names, skipped lines, comments and encodings written as the
 * card says; SQuAD-style JSON read through `field`; JSON Lines in UTF-16; parquet read by `columns`; several configs
 * of different formats; a first config with `data_dir` and `data_files` relative to it; and cards 🤗 Datasets refuses.
 * Hostile option values (a quote as separator, quotes and backslashes in column names and field names) are among them.
 * Each layout is its files' contents and its card's configs; test/python/rows_oracle.py writes them.
 */

export type FileSpec = { text: string; encoding?: string; gzip?: boolean; zstd?: boolean } | { parquet: Record<string, unknown>[] };

export interface RowLayout {
  id: string;
  /** What the layout exercises, for the failure messages. */
  label: string;
  files: Record<string, FileSpec>;
  configs: Record<string, unknown>[];
}

const table = [
  ["fr", 2020, 1.5],
  ["de", 2021, 2.25],
  ["es", 2022, 3],
] as const;
const columns = ["country", "year", "twh"];

/** A CSV text: an optional header line, the rows, each joined by the separator. */
function csvText(sep: string, options: { header?: boolean; junk?: number; comment?: string; accent?: boolean }): string {
  const lines: string[] = [];
  for (let index = 0; index < (options.junk ?? 0); index += 1) lines.push(`junk line ${index}`);
  if (options.header !== false) lines.push(columns.join(sep));
  table.forEach((row, index) => {
    if (options.comment !== undefined && index === 1) lines.push(`${options.comment} a comment line`);
    const country = options.accent && index === 0 ? "été" : row[0];
    lines.push([country, row[1], row[2]].join(sep));
  });
  return `${lines.join("\n")}\n`;
}

/** CSV layouts: each separator with each way of saying the header and the names. */
function csvLayouts(): RowLayout[] {
  const layouts: RowLayout[] = [];
  const separators: [string, string, string | undefined][] = [
    // [label, separator in the file, the card's key]
    ["comma", ",", undefined],
    ["semicolon", ";", "sep"],
    ["pipe by delimiter", "|", "delimiter"],
    ["quote", "'", "sep"],
    ["double colon (pandas: a regular expression)", "::", "sep"],
  ];
  const headers: [string, Record<string, unknown>, boolean][] = [
    ["header inferred", {}, true],
    ["header: 0", { header: 0 }, true],
    ["no header, names", { header: null, names: ["a", "b", "c"] }, false],
    ["names over the header row", { header: 0, column_names: ['c"1', "c'2", "c\\3"] }, true],
    ["names, header inferred", { names: ["x", "y", "z"] }, false],
    ["no header, no names", { header: null }, false],
  ];
  for (const [sepLabel, sep, key] of separators) {
    for (const [headerLabel, header, hasHeader] of headers) {
      const index = layouts.length;
      layouts.push({
        id: `rows/csv-${index}`,
        label: `csv, ${sepLabel}, ${headerLabel}`,
        files: { "data/train.csv": { text: csvText(sep, { header: hasHeader }) }, "data/test.csv": { text: csvText(sep, { header: hasHeader }) } },
        configs: [
          {
            config_name: "default",
            data_files: [
              { split: "train", path: "data/train.csv" },
              { split: "test", path: "data/test.csv" },
            ],
            ...(key !== undefined ? { [key]: sep } : {}),
            ...header,
          },
        ],
      });
    }
  }
  const more: [string, string, FileSpec, Record<string, unknown>][] = [
    ["tsv by its extension", "data/train.tsv", { text: csvText("\t", {}) }, {}],
    ["skiprows", "data/train.csv", { text: csvText(",", { junk: 2 }) }, { skiprows: 2 }],
    ["header: 1 below a junk line", "data/train.csv", { text: csvText(";", { junk: 1 }) }, { header: 1, sep: ";" }],
    ["comment lines", "data/train.csv", { text: csvText(",", { comment: "#" }) }, { comment: "#" }],
    ["latin-1", "data/train.csv", { text: csvText(",", { accent: true }), encoding: "latin-1" }, { encoding: "latin-1" }],
    ["cp1252 (no DuckDB or Polars)", "data/train.csv", { text: csvText(",", { accent: true }), encoding: "cp1252" }, { encoding: "cp1252" }],
    ["gzip with a separator", "data/train.csv.gz", { text: csvText(";", {}), gzip: true }, { sep: ";" }],
    ["zstd with a separator and names", "data/train.csv.zst", { text: csvText("|", { header: false }), zstd: true }, { sep: "|", names: ["a", "b", "c"] }],
    ["an option no reader here is told", "data/train.csv", { text: csvText(",", {}) }, { nrows: 2 }],
  ];
  for (const [label, path, spec, options] of more) {
    layouts.push({
      id: `rows/csv-${layouts.length}`,
      label: `csv, ${label}`,
      files: { [path]: spec },
      configs: [{ config_name: "default", data_files: path, ...options }],
    });
  }
  // Several files a split: pandas concatenates the files the Hub's file system lists, Polars scans them, DuckDB and Dask read the list.
  const parts = { "data/part-0.csv": { text: csvText(";", { header: false }) }, "data/part-1.csv": { text: csvText(";", { header: false }) } };
  layouts.push({
    id: `rows/csv-${layouts.length}`,
    label: "csv, two files by a pattern, semicolon, names",
    files: parts,
    configs: [{ config_name: "default", data_files: "data/part-*.csv", sep: ";", names: ["a", "b", "c"] }],
  });
  layouts.push({
    id: `rows/csv-${layouts.length}`,
    label: "csv, two files by two patterns, semicolon, skiprows",
    files: { "x/a.csv": { text: csvText(";", { junk: 1 }) }, "y/b.csv": { text: csvText(";", { junk: 1 }) } },
    configs: [{ config_name: "default", data_files: [{ split: "train", path: ["x/*.csv", "y/*.csv"] }], sep: ";", skiprows: 1 }],
  });
  return layouts;
}

const records = [
  { q: "who", n: 1 },
  { q: "what", n: 2 },
];

/** JSON layouts: SQuAD-style objects read through `field`, JSON Lines in UTF-16. */
function jsonLayouts(): RowLayout[] {
  const squad = (field: string, part: number) => ({
    text: JSON.stringify({ version: "1.1", [field]: records.map((row) => ({ ...row, n: row.n + part * 10 })) }),
  });
  const lines = records.map((row) => JSON.stringify(row)).join("\n") + "\n";
  return [
    {
      id: "rows/json-0",
      label: "json, field: data, one file",
      files: { "train.json": squad("data", 0) },
      configs: [{ config_name: "default", data_files: "train.json", field: "data" }],
    },
    {
      id: "rows/json-1",
      label: "json, field: data, two files by a pattern",
      files: { "data/a.json": squad("data", 0), "data/b.json": squad("data", 1) },
      configs: [{ config_name: "default", data_files: [{ split: "train", path: "data/*.json" }], field: "data" }],
    },
    {
      id: "rows/json-2",
      label: "json, a hostile field name",
      files: { "train.json": squad(`da"t'a\\ $(x)`, 0) },
      configs: [{ config_name: "default", data_files: "train.json", field: `da"t'a\\ $(x)` }],
    },
    {
      id: "rows/json-3",
      label: "jsonl in UTF-16",
      files: { "train.jsonl": { text: lines, encoding: "utf-16" } },
      configs: [{ config_name: "default", data_files: "train.jsonl", encoding: "utf-16" }],
    },
  ];
}

const parquetRows = table.map(([country, year, twh]) => ({ country, year, twh }));

/** Parquet read by `columns`, and repositories of several configs (one builder per repository). */
function repositoryLayouts(): RowLayout[] {
  const csv = { text: csvText(",", {}) };
  return [
    {
      id: "rows/parquet-0",
      label: "parquet, columns",
      files: { "data/train.parquet": { parquet: parquetRows } },
      configs: [{ config_name: "default", data_files: "data/*.parquet", columns: ["country", "twh"] }],
    },
    {
      id: "rows/configs-0",
      label: "a geoparquet config beside a JSON Lines first config",
      files: {
        "names/part-0.jsonl": { text: records.map((row) => JSON.stringify(row)).join("\n") + "\n" },
        "shapes/part-0.geoparquet": { parquet: parquetRows },
      },
      configs: [
        { config_name: "names", data_files: "names/*.jsonl", default: true },
        { config_name: "shapes", data_files: "shapes/*.geoparquet" },
      ],
    },
    {
      id: "rows/configs-1",
      label: "a first config with data_dir and data_files relative to it",
      files: { "europe/train.csv": csv, "europe/test.csv": csv, "asia/train.csv": csv },
      configs: [
        {
          config_name: "europe",
          data_dir: "europe",
          data_files: [
            { split: "train", path: "train.csv" },
            { split: "test", path: "test.csv" },
          ],
        },
        { config_name: "asia", data_dir: "asia", data_files: [{ split: "train", path: "train.csv" }] },
      ],
    },
    {
      id: "rows/configs-2",
      label: "a csv config after a tsv first config (the repository's builder reads tabs)",
      files: { "tabs/train.tsv": { text: csvText("\t", {}) }, "commas/train.csv": csv },
      configs: [
        { config_name: "tabs", data_files: "tabs/*.tsv" },
        { config_name: "commas", data_files: "commas/*.csv" },
      ],
    },
    {
      id: "rows/configs-3",
      label: "two csv configs, one by data_dir, with their own separators",
      files: { "a/train.csv": { text: csvText(";", {}) }, "b/train.csv": { text: csvText("|", {}) } },
      configs: [
        { config_name: "a", data_files: "a/*.csv", sep: ";" },
        { config_name: "b", data_dir: "b", sep: "|" },
      ],
    },
    {
      id: "rows/configs-4",
      label: "a second config's pattern fsspec refuses",
      files: { "a/train.csv": csv, "b/part1x.csv": csv },
      configs: [
        { config_name: "a", data_files: "a/*.csv" },
        { config_name: "b", data_files: "b/part**x.csv" },
      ],
    },
  ];
}

/** Cards 🤗 Datasets refuses whole: every config fails, the valid ones too. */
function refusedLayouts(): RowLayout[] {
  const csv = { text: csvText(",", {}) };
  return [
    {
      id: "rows/refused-0",
      label: "data_files as a mapping in a second config",
      files: { "clean/train.csv": csv, "noisy/train.csv": csv },
      configs: [
        { config_name: "clean", data_files: [{ split: "train", path: "clean/train.csv" }] },
        { config_name: "noisy", data_files: { train: "noisy/train.csv" } },
      ],
    },
    {
      id: "rows/refused-1",
      label: "a split name with a dash",
      files: { "data/dev-clean.csv": csv, "data/train.csv": csv },
      configs: [
        {
          config_name: "default",
          data_files: [
            { split: "train", path: "data/train.csv" },
            { split: "dev-clean", path: "data/dev-clean.csv" },
          ],
        },
      ],
    },
    {
      id: "rows/refused-2",
      label: "a first config's pattern fsspec refuses",
      files: { "data/part1x.csv": csv },
      configs: [{ config_name: "default", data_files: "data/part**x.csv" }],
    },
    {
      id: "rows/refused-4",
      label: "a card config naming a csv file beside JSON Lines files (its builder reads them all)",
      files: {
        "data/a.jsonl": { text: records.map((row) => JSON.stringify(row)).join("\n") + "\n" },
        "data/b.jsonl": { text: records.map((row) => JSON.stringify(row)).join("\n") + "\n" },
        "data/c.csv": csv,
      },
      configs: [{ config_name: "default", data_files: "data/*" }],
    },
    {
      id: "rows/refused-3",
      label: "two default configs",
      files: { "a/train.csv": csv, "b/train.csv": csv },
      configs: [
        { config_name: "default", data_files: "a/*.csv" },
        { config_name: "b", data_files: "b/*.csv", default: true },
      ],
    },
  ];
}

export function rowLayouts(): RowLayout[] {
  return [...csvLayouts(), ...jsonLayouts(), ...repositoryLayouts(), ...refusedLayouts()];
}
