import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builderRows, builderTableVersion } from "../../src/dataset/builders.js";
import { FileList } from "../../src/dataset/file-list.js";
import { resolveConfig } from "../../src/dataset/layout.js";
import type { DataFiles } from "../../src/dataset/record.js";
import { generateLayouts, type Layout } from "../helpers/dataset-layouts.js";
import { venvHas } from "../helpers/python-venv.js";

/*
 * Our data-files rules against the installed 🤗 Datasets: 1,200 generated layouts are made as empty files in
 * temporary folders and resolved by datasets' own functions (test/python/data_files_oracle.py); our splits, their
 * files and the builder must be the same. Deliberate differences are listed here, each with its reason; any other
 * difference fails.
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const oracle = fileURLToPath(new URL("../python/data_files_oracle.py", import.meta.url));
const available = venvHas(["datasets"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets");

type Answer = { splits: [string, string[]][]; builder: string; options: Record<string, string> } | { error: string };

/** What our rules say of a layout, in the oracle's shape. */
function ours(layout: Layout): Answer {
  const resolved = resolveConfig(
    { dataFiles: layout.config?.data_files as DataFiles | undefined, dataDir: layout.config?.data_dir },
    new FileList(layout.files),
  );
  if (resolved.problem) return { error: resolved.problem.kind };
  return { splits: resolved.splits.map((split) => [split.name, split.files]), builder: resolved.builder!, options: resolved.builderOptions };
}

/** Files in one order for both sides: 🤗 Datasets lists a pattern's matches in its file system's order, we in the record's. */
const sorted = (answer: Answer): Answer =>
  "error" in answer ? answer : { ...answer, splits: answer.splits.map(([name, files]) => [name, [...files].sort()]) };

/** The answer with each split's files named once. */
const once = (answer: Answer): Answer =>
  "error" in answer ? answer : { ...answer, splits: answer.splits.map(([name, files]) => [name, [...new Set(files)]]) };

// The deliberate differences, each a way our answer may differ from datasets' on a layout, and why:
// - A file that two of a split's patterns name (`train/train_x/a.csv` is named by `**/train/**` and by
//   `**/train[-._ 0-9]*/**`): datasets lists it twice and reads its rows twice, a side effect of its pattern list;
//   we name each file once, so that code written from our answer reads each row once.
const deliberate: { reason: string; explains: (ours: Answer, theirs: Answer) => boolean }[] = [
  { reason: "a file named by two patterns of one split is read once", explains: (mine, theirs) => same(mine, once(theirs)) },
];

const same = (a: Answer, b: Answer) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

describe.skipIf(!available)("🤗 Datasets' data-files rules, held to the installed package", () => {
  // About 70 s on an idle machine; twice that at a load of 10 (one process, as datasets resolves each layout in turn).
  it("resolves the same splits, files and builder as datasets on 1,200 generated layouts", { timeout: 400_000 }, () => {
    const layouts = generateLayouts(1200);
    const run = spawnSync(datasetsPython, [oracle], {
      input: layouts.map((layout) => JSON.stringify(layout)).join("\n") + "\n",
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, HF_DATASETS_OFFLINE: "1", HF_HUB_OFFLINE: "1" },
    });
    expect(run.stderr.includes("Traceback") ? run.stderr : "").toBe("");
    const [header, ...answers] = run.stdout.trim().split("\n");
    const version = (JSON.parse(header!) as { version: string }).version;
    expect(answers).toHaveLength(layouts.length);
    const differences: string[] = [];
    let known = 0;
    layouts.forEach((layout, index) => {
      const theirs = JSON.parse(answers[index]!) as Answer;
      const mine = ours(layout);
      if (same(mine, theirs)) return;
      if (deliberate.some((difference) => difference.explains(mine, theirs))) known += 1;
      else differences.push(`${JSON.stringify(layout)}\n  datasets: ${JSON.stringify(theirs)}\n  ours:     ${JSON.stringify(mine)}`);
    });
    console.log(`data files differential: ${layouts.length} layouts, ${known} deliberate differences from datasets ${version}`);
    expect(differences.slice(0, 5).join("\n")).toBe("");
  });

  it("holds the builder table to datasets' own extension table", () => {
    const run = spawnSync(
      datasetsPython,
      [
        "-c",
        "import json, datasets; from datasets.packaged_modules import _EXTENSION_TO_MODULE as E, _MODULE_TO_METADATA_FILE_NAMES as M;" +
          "print(json.dumps({'version': datasets.__version__, 'extensions': {e: m for e, (m, _) in E.items() if e == e.lower()}, 'metadata': {m: n for m, n in M.items() if n}}))",
      ],
      { encoding: "utf8" },
    );
    const theirs = JSON.parse(run.stdout) as { version: string; extensions: Record<string, string>; metadata: Record<string, string[]> };
    const mine = Object.fromEntries(Object.entries(builderRows()).flatMap(([builder, row]) => row.extensions.map((extension) => [extension, builder])));
    expect(mine).toEqual(theirs.extensions);
    const metadata = Object.fromEntries(
      Object.entries(builderRows()).flatMap(([builder, row]) => (row.metadataFileNames ? [[builder, row.metadataFileNames]] : [])),
    );
    expect(metadata).toEqual(theirs.metadata);
    expect(builderTableVersion()).toBe(theirs.version);
  });
});
