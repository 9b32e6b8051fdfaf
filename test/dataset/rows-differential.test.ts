import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetView } from "../../src/dataset/view.js";
import { rowLayouts, type RowLayout } from "../helpers/row-layouts.js";
import { venvHas } from "../helpers/python-venv.js";

/*
 * The rows, held to the installed 🤗 Datasets: small real repositories whose cards set reader options, several configs
 * of different formats, and cards it refuses (test/helpers/row-layouts.ts) are written as files, and for each config
 * and split the rows load_dataset returns are compared with the rows each offered reader's printed code returns
 * (🤗 Datasets, pandas, Polars, DuckDB, Dask), run on the local copy by test/python/rows_oracle.py. Where 🤗 Datasets
 * fails, no code may be offered but the download. Deliberate differences are listed, each with its reason; any other
 * difference fails.
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const oracle = fileURLToPath(new URL("../python/rows_oracle.py", import.meta.url));
const available = venvHas(
  ["datasets", "pandas", "polars", "duckdb", "dask.dataframe", "yaml"],
  datasetsPython,
  "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets",
);

const readers = ["datasets", "pandas", "polars", "duckdb", "dask"] as const;
type Table = { columns: string[]; rows: unknown[][] };
type Result = Table | { error: string };
interface Answer {
  datasets: Result;
  own: Result | null;
  readers: Record<string, Result>;
}

const isTable = (result: Result | null | undefined): result is Table => result !== null && result !== undefined && "rows" in result;

function recordOf(layout: RowLayout): DatasetRecord {
  return DatasetRecordSchema.parse({
    id: layout.id,
    tags: [],
    cardData: { configs: layout.configs },
    siblings: [{ rfilename: "README.md" }, ...Object.keys(layout.files).map((rfilename) => ({ rfilename }))],
  });
}

interface Case {
  layout: RowLayout;
  config: string;
  split: string;
  own: boolean;
  headerless: boolean;
  codes: Record<string, string>;
  notes: string[];
}

function casesOf(layout: RowLayout): Case[] {
  const record = recordOf(layout);
  const view = datasetView(record);
  return view.configs.flatMap((config) =>
    config.splits.map((split): Case => {
      const answer = getDatasetSnippets(record, { config: config.name, split: split.name });
      const codes = Object.fromEntries(
        answer.snippets.filter((snippet) => (readers as readonly string[]).includes(snippet.client)).map((snippet) => [snippet.client, snippet.content]),
      );
      const options = config.options ?? {};
      return {
        layout,
        config: config.name,
        split: split.name,
        own: config.ownBuilder !== undefined,
        headerless: options.header === null && options.names === undefined && options.column_names === undefined,
        codes,
        notes: answer.notes,
      };
    }),
  );
}

const same = (a: Table, b: Table, columns = true) =>
  JSON.stringify(a.rows) === JSON.stringify(b.rows) && (!columns || JSON.stringify(a.columns) === JSON.stringify(b.columns));

describe.skipIf(!available)("the rows every offered reader returns, held to the installed 🤗 Datasets", () => {
  it("returns the rows load_dataset returns for every config and split of cards with reader options", { timeout: 600_000 }, () => {
    const layouts = rowLayouts();
    const cases = layouts.map(casesOf);
    const cache = mkdtempSync(join(tmpdir(), "rows-differential-"));
    const run = spawnSync(datasetsPython, [oracle], {
      input:
        layouts
          .map((layout, index) =>
            JSON.stringify({
              id: layout.id,
              files: layout.files,
              configs: layout.configs,
              cases: cases[index]!.map(({ config, split, codes, own }) => ({ config, split, codes, own })),
            }),
          )
          .join("\n") + "\n",
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, HF_DATASETS_OFFLINE: "1", HF_HUB_OFFLINE: "1", HF_DATASETS_CACHE: cache, HF_HOME: cache },
    });
    rmSync(cache, { recursive: true, force: true });
    expect(run.stderr.includes("Traceback") ? run.stderr : "").toBe("");
    const [header, ...lines] = run.stdout.trim().split("\n");
    const version = (JSON.parse(header!) as { version: string }).version;
    expect(lines).toHaveLength(layouts.length);
    const failures: string[] = [];
    const deliberate = new Map<string, number>();
    const note = (reason: string) => deliberate.set(reason, (deliberate.get(reason) ?? 0) + 1);
    let reads = 0;
    let notOffered = 0;
    layouts.forEach((layout, index) => {
      const answers = (JSON.parse(lines[index]!) as { cases: Answer[] }).cases;
      cases[index]!.forEach((entry, caseIndex) => {
        const answer = answers[caseIndex]!;
        const where = `${layout.label} (${layout.id}) ${entry.config}/${entry.split}`;
        let truth: Result = answer.datasets;
        if (entry.own) {
          // 🤗 Datasets reads every config with the repository's one builder: this config is read with its own.
          if (isTable(answer.datasets) && isTable(answer.own) && same(answer.datasets, answer.own))
            failures.push(`${where}: load_dataset by the id reads it, yet the code names its own builder`);
          truth = answer.own ?? { error: "no own rows" };
          note("a config the repository's one builder cannot read is read with its own builder: load_dataset(<builder>, data_files=…)");
        }
        const offered = Object.keys(entry.codes);
        if (!isTable(truth)) {
          if (offered.length > 0) failures.push(`${where}: 🤗 Datasets fails (${truth.error}), yet code is offered for ${offered.join(", ")}`);
          else if (!entry.notes.some((line) => /refuses|fails|finds none|no data file|pattern/.test(line)))
            failures.push(`${where}: 🤗 Datasets fails (${truth.error}) and no note says why:\n  ${entry.notes.join("\n  ")}`);
          return;
        }
        if (!offered.includes("datasets")) failures.push(`${where}: 🤗 Datasets reads it, yet no 🤗 Datasets code is offered`);
        for (const reader of readers) {
          if (!offered.includes(reader)) {
            if (reader !== "datasets") {
              notOffered += 1;
              if (
                !entry.notes.some((line) =>
                  line.includes(`no ${reader === "duckdb" ? "DuckDB" : reader === "polars" ? "Polars" : reader === "dask" ? "Dask" : "pandas"} code, as`),
                )
              )
                failures.push(`${where}: ${reader} is not offered and no note says why`);
            }
            continue;
          }
          reads += 1;
          const got = answer.readers[reader];
          if (!isTable(got)) {
            failures.push(`${where}: ${reader}'s code fails: ${got?.error}\n${entry.codes[reader]}`);
            continue;
          }
          if (same(got, truth)) continue;
          if (entry.headerless && reader !== "datasets" && same(got, truth, false)) {
            note(`a headerless file without names: ${reader} names its columns its own way (datasets and pandas: 0, 1, …)`);
            continue;
          }
          failures.push(
            `${where}: ${reader} returns other rows\n  datasets: ${JSON.stringify(truth)}\n  ${reader}: ${JSON.stringify(got)}\n${entry.codes[reader]}`,
          );
        }
      });
    });
    const known = [...deliberate.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `rows differential: ${layouts.length} layouts × ${readers.length} readers (${reads} reads, ${notOffered} not offered, each with its reason), ${known} deliberate differences from datasets ${version}\n` +
        [...deliberate].map(([reason, count]) => `  ${count}× ${reason}`).join("\n"),
    );
    expect(failures.slice(0, 8).join("\n\n")).toBe("");
  });
});
