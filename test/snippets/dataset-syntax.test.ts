import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { datasetClientNames } from "../../src/dataset/client-names.js";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { getDatasetSnippets, type DatasetSnippet, type DatasetSnippetOptions } from "../../src/dataset/snippets.js";
import { datasetView, PARQUET_CONVERSION } from "../../src/dataset/view.js";
import { parseDatasetRecord } from "../../src/dataset/read.js";
import { recordOf, tinyDatasets } from "../helpers/dataset-repos.js";
import { layoutDatasets } from "../helpers/layout-datasets.js";
import { hostileDatasetRecord, hostileNames, hostileScriptRecord } from "../helpers/hostile-datasets.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { ansiCNote, usesAnsiC } from "../../src/code/literals/shell.js";
import { rawControlCharacters } from "../helpers/terminal-payloads.js";
import { hasTool } from "../helpers/tools.js";
import { loadScaled } from "../helpers/load-scaled.js";

/*
 * Every dataset snippet parses and passes its formatter (black, prettier, shellcheck), over a set of records: the
 * imdb example, the tiny datasets the execution test serves (multi-config parquet, csv without configs, jsonl with a
 * string and split entries, tsv with a list), webdataset tar shards, gated and private, --id only, and records whose
 * every config, split and file is a hostile name (parquet, csv, tsv, jsonl, tar). Each record's every config and
 * split, with the default answer and each client asked for by name.
 *
 * Croissant (mlcroissant) and WebDataset (webdataset) are not on the local package index, so their snippets are
 * never executed: they are checked here only (parsed, black-clean, and hostile names found as Python string
 * constants).
 *
 * Hostile names are held as data: in Python, each name the snippet reads is one of its string constants (ast), and
 * the hf download command, run by bash with a stand-in `hf` that prints its arguments, passes each path as one word.
 */

const imdb = DatasetRecordSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL("../../examples/datasets/imdb.json", import.meta.url)), "utf8")));
const tiny = tinyDatasets().map((dataset) => recordOf(dataset));
const webdataset = DatasetRecordSchema.parse({
  _id: "0123456789abcdef01234567",
  id: "local-org/tiny-webdataset",
  private: false,
  gated: false,
  tags: ["format:webdataset", "modality:image", "library:datasets", "library:webdataset", "library:mlcroissant"],
  siblings: ["README.md", "train/shard-00000.tar", "train/shard-00001.tar", "test/shard-00000.tar"].map((rfilename) => ({ rfilename })),
});
const webdatasetConfigs = DatasetRecordSchema.parse({
  ...webdataset,
  id: "local-org/tiny-webdataset-configs",
  cardData: {
    configs: [
      {
        config_name: "default",
        data_files: [
          { split: "train", path: "train/*.tar" },
          { split: "test", path: "test/shard-00000.tar" },
        ],
      },
    ],
  },
});
/** The layout corpus: records as the Hub's API answers them (test/fixtures/dataset-layouts/). */
const layouts = fileURLToPath(new URL("../fixtures/dataset-layouts/", import.meta.url));
const hostileExtensions = ["parquet", "csv", "tsv", "jsonl", "tar"] as const;
const hostile = hostileExtensions.map((extension) => hostileDatasetRecord(`hostile-org/hostile-${extension}`, extension));

const records: { name: string; record: DatasetRecord }[] = [
  { name: "imdb", record: imdb },
  ...tiny.map((record) => ({ name: record.id, record })),
  { name: "webdataset", record: webdataset },
  { name: "webdataset with configs", record: webdatasetConfigs },
  { name: "private", record: DatasetRecordSchema.parse({ ...tiny[0], id: "private-org/tiny-private", private: true }) },
  { name: "gated (auto)", record: DatasetRecordSchema.parse({ ...tiny[1], id: "gated-org/tiny-csv", gated: "auto" }) },
  { name: "--id only", record: DatasetRecordSchema.parse({ id: "someone/only-an-id" }) },
  {
    name: "expand-only (tags)",
    record: DatasetRecordSchema.parse({
      _id: "0123456789abcdef01234567",
      id: "someone/expand-tags",
      tags: ["format:parquet", "library:datasets", "library:pandas"],
    }),
  },
  ...hostile.map((record) => ({ name: record.id, record })),
  { name: "hostile, gated", record: DatasetRecordSchema.parse({ ...hostile[0], id: "hostile-org/hostile-gated", gated: "manual" }) },
  // Large: the streaming, scanning and sampling code, with hostile config and split names in its comments.
  { name: "hostile, large", record: DatasetRecordSchema.parse({ ...hostile[0], id: "hostile-org/hostile-large", tags: ["size_categories:n>1T"] }) },
  // Built by a loading script: hostile config and split names in the paths of the Hub's parquet conversion of it.
  { name: "hostile, loading script", record: hostileScriptRecord("hostile-org/hostile-script") },
  ...layoutDatasets().map((dataset) => ({ name: dataset.id, record: recordOf(dataset) })),
  // (A disabled dataset gets a message instead of code.)
  ...readdirSync(layouts)
    .map((file) => ({ name: file, record: parseDatasetRecord(readFileSync(join(layouts, file), "utf8"), file) }))
    .filter(({ record }) => record.disabled !== true),
];

interface Entry {
  name: string;
  record: DatasetRecord;
  options: DatasetSnippetOptions;
  snippet: DatasetSnippet;
  file: string;
}

const dir = mkdtempSync(join(tmpdir(), "dataset-snippet-style-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const extension = { js: "mjs", python: "py", sh: "sh" } as const;

/** Every config and split of a record (none for a record without configs), then each client asked for by name. */
function entriesOf(name: string, record: DatasetRecord): Entry[] {
  const view = datasetView(record);
  const choices: DatasetSnippetOptions[] = [
    {},
    ...view.configs.flatMap((config) => config.splits.map((split) => ({ config: config.name, split: split.name }))),
  ];
  const seen = new Set<string>();
  const entries: Entry[] = [];
  for (const [choiceIndex, options] of choices.entries()) {
    const snippets = [
      ...getDatasetSnippets(record, options).snippets,
      ...datasetClientNames.flatMap((client) => getDatasetSnippets(record, { ...options, client }).snippets),
    ];
    for (const snippet of snippets) {
      const key = `${snippet.client}\0${snippet.content}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const file = join(dir, `${name.replace(/[^\w-]+/g, "_")}.${choiceIndex}.${snippet.client}.${extension[snippet.language]}`);
      entries.push({ name, record, options, snippet, file });
    }
  }
  return entries;
}

const corpus = records.flatMap(({ name, record }) => entriesOf(name, record));
for (const entry of corpus) writeFileSync(entry.file, `${entry.snippet.content}\n`, "utf8");
const of = (language: "js" | "python" | "sh") => corpus.filter((entry) => entry.snippet.language === language);

describe("every dataset snippet parses and is formatter-clean", () => {
  it("covers every client, and every record's configs and splits", () => {
    const clients = new Set(corpus.map((entry) => entry.snippet.client));
    expect([...datasetClientNames].filter((client) => !clients.has(client))).toEqual([]);
    expect(records.length).toBeGreaterThanOrEqual(15);
    console.log(
      `dataset snippet corpus: ${corpus.length} snippets from ${records.length} records (python ${of("python").length}, js ${of("js").length}, sh ${of("sh").length}; ` +
        `mlcroissant ${corpus.filter((entry) => entry.snippet.client === "mlcroissant").length} and webdataset ${corpus.filter((entry) => entry.snippet.client === "webdataset").length} checked here only: not on the local package index)`,
    );
  });

  it("Python parses (ast)", () => {
    expect(pythonAstErrors(of("python").map((entry) => entry.file))).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", { timeout: loadScaled(30_000) }, () => {
    expect(blackProblems(dir)).toEqual([]);
  });

  it("JavaScript parses as an ES module", () => {
    expect(jsModuleErrors(of("js").map((entry) => entry.file))).toEqual([]);
  });

  it("JavaScript passes prettier --check (default options)", async () => {
    const failures: string[] = [];
    for (const entry of of("js")) {
      const source = `${entry.snippet.content}\n`;
      if ((await prettier.format(source, { parser: "babel" })) !== source) failures.push(entry.file);
    }
    expect(failures).toEqual([]);
  });

  it("no snippet of any client holds a raw control character, and a hostile name's escapes are shown in a $'…' word", () => {
    expect(corpus.flatMap((entry) => rawControlCharacters(entry.snippet.content, `${entry.file}: `))).toEqual([]);
    const escaped = of("sh").filter((entry) => usesAnsiC(entry.snippet.content));
    expect(escaped.length).toBeGreaterThan(0);
    for (const entry of escaped) expect(entry.snippet.content.split("\n"), entry.file).toContain(ansiCNote);
  });

  it("shell passes bash -n", () => {
    expect(bashSyntaxErrors(of("sh").map((entry) => entry.file))).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    // A hostile name is literal text in single quotes, which shellcheck notes (SC2016: "expressions don't expand in
    // single quotes"; SC1003: a backslash before a quote): held as data, as intended (hostile-property.test.ts too).
    const hostileFile = (entry: Entry) => entry.record.id.startsWith("hostile-org/");
    expect(
      shellcheckProblems(
        of("sh")
          .filter((entry) => !hostileFile(entry))
          .map((entry) => entry.file),
      ),
    ).toEqual([]);
    expect(
      shellcheckProblems(
        of("sh")
          .filter(hostileFile)
          .map((entry) => entry.file),
        ["SC2016", "SC1003"],
      ),
    ).toEqual([]);
  });
});

/** The names a snippet of a hostile record reads, as the Python string constants they must be. */
function namesRead(entry: Entry): string[] {
  const { config, split } = entry.options;
  if (config === undefined || split === undefined) return [];
  const view = datasetView(entry.record);
  const chosen = view.configs.find((candidate) => candidate.name === config)!;
  if (chosen.loadingScript !== undefined) {
    // Read from the Hub's parquet conversion: the split's folder as a pattern (its names escaped as globs).
    const pattern = chosen.splits[0]!.paths[0]!;
    const path = `datasets/${entry.record.id}@${encodeURIComponent(PARQUET_CONVERSION)}/${pattern}`;
    return (
      { datasets: [split, pattern], requests: [config, split], mlcroissant: [config], pandas: [path], polars: [`hf://${path}`], dask: [`hf://${path}`] }[
        entry.snippet.client
      ] ?? []
    );
  }
  const file = chosen.splits[0]!.files[0]!;
  switch (entry.snippet.client) {
    case "datasets":
    case "requests":
      return [config, split];
    case "mlcroissant":
      return [config];
    case "pandas":
    case "polars":
    case "dask":
      return [`hf://datasets/${entry.record.id}/${file}`];
    case "webdataset":
      return [`datasets/${entry.record.id}/${file}`];
    default:
      return [];
  }
}

describe("hostile config, split and file names are held as data", () => {
  const hostileEntries = corpus.filter((entry) => entry.record.id.startsWith("hostile-org/") && entry.options.config !== undefined);

  it("covers every hostile name as a config, a split and a file", () => {
    expect(hostileEntries.length).toBeGreaterThan(hostileNames.length * hostileExtensions.length * 5);
  });

  it("Python: each name the snippet reads is one of its string constants", () => {
    const python = hostileEntries.filter((entry) => entry.snippet.language === "python" && namesRead(entry).length > 0);
    const script = [
      "import ast, json, sys",
      "out = {}",
      "for path in sys.argv[1:]:",
      "    tree = ast.parse(open(path, encoding='utf-8').read())",
      "    out[path] = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)]",
      "print(json.dumps(out))",
    ].join("\n");
    const result = spawnSync("python3", ["-c", script, ...python.map((entry) => entry.file)], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    expect(result.status, result.stderr).toBe(0);
    const constants = JSON.parse(result.stdout) as Record<string, string[]>;
    const missing = python.flatMap((entry) =>
      namesRead(entry)
        .filter((name) => !constants[entry.file]!.includes(name))
        .map((name) => `${entry.file}: ${JSON.stringify(name)}`),
    );
    expect(missing).toEqual([]);
    console.log(`hostile dataset names found as Python string constants in ${python.length} snippets`);
  });

  // One bash run per hostile download: about 300 processes, a minute on a busy machine.
  it("hf download passes each hostile path as one --include word (bash, with a stand-in hf that prints its arguments)", { timeout: 180_000 }, () => {
    const bin = join(dir, "bin");
    mkdirSync(bin, { recursive: true });
    // A shell stand-in (no interpreter to start per run): each argument, then a NUL.
    writeFileSync(join(bin, "hf"), "#!/bin/sh\nprintf '%s\\0' \"$@\"\n");
    chmodSync(join(bin, "hf"), 0o755);
    const downloads = hostileEntries.filter((entry) => entry.snippet.client === "hf");
    expect(downloads.length).toBeGreaterThan(0);
    for (const entry of downloads) {
      const run = join(dir, "run");
      rmSync(run, { recursive: true, force: true });
      mkdirSync(run);
      const result = spawnSync("bash", [entry.file], { cwd: run, encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` } });
      expect(result.status, result.stderr).toBe(0);
      const config = datasetView(entry.record).configs.find((candidate) => candidate.name === entry.options.config)!;
      const [branch, file] =
        config.loadingScript !== undefined ? [["--revision", PARQUET_CONVERSION], config.splits[0]!.paths[0]!] : [[], config.splits[0]!.files[0]!];
      expect(result.stdout.split("\0").slice(0, -1), entry.snippet.content).toEqual([
        "download",
        entry.record.id,
        "--repo-type",
        "dataset",
        ...branch,
        "--include",
        file,
        "--local-dir",
        entry.record.id.split("/")[1],
      ]);
      expect(existsSync(join(run, "PWNED_MARKER")) || existsSync(join(run, "PWNED"))).toBe(false);
    }
  });
});
