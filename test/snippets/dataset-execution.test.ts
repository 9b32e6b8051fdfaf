import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatasetSnippets, type DatasetSnippet } from "../../src/dataset/snippets.js";
import {
  allMarkers,
  conversionDir,
  imageMetadata,
  PARQUET_BRANCH,
  recordOf,
  splitOfKey,
  tinyDatasets,
  webdatasetDataset,
  writeDatasetRepos,
  type TinyDataset,
} from "../helpers/dataset-repos.js";
import { hostileTinyDatasets } from "../helpers/hostile-datasets.js";
import { layoutDatasets } from "../helpers/layout-datasets.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { oneLineText } from "../../src/values/visible-text.js";

/*
 * The dataset snippets that read data run, unchanged, online against the local Hub (test/helpers/local-hub.ts),
 * which serves tiny parquet, csv, tsv and jsonl dataset repositories made here (test/helpers/dataset-repos.ts), with
 * two configs, train/test splits, and shards that the card's patterns glob. The records the snippets are generated
 * from are what the Hub's dataset API answers for them. Each run starts with an empty cache and reaches nothing but
 * 127.0.0.1, through HF_ENDPOINT:
 *   🤗 Datasets  load_dataset: huggingface_hub's API and file system (the card's configs from README.md, the files).
 *   pandas       read_* on hf:// paths, through huggingface_hub's HfFileSystem (fsspec); patterns listed by fs.glob.
 *   Dask         read_* on hf:// paths and patterns, the same way.
 * Two readers cannot reach the local Hub, and run the snippet with its hf://datasets/<id>/ prefix written over as
 * the local folder the Hub serves the repository from (the same files, the same patterns, the same query):
 *   Polars       (but for JSON arrays, which its snippet reads through huggingface_hub's file system, as Polars'
 *                read_json cannot open hf:// paths, and which run through the local Hub) reads hf:// in its own Rust code, which names https://huggingface.co/ itself and ignores
 *                HF_ENDPOINT (polars 1.44: the first run asked https://huggingface.co/api/datasets/<id>/tree/...;
 *                its TLS trusts only the root certificates compiled into it, so no local server can stand in).
 *   DuckDB       reads hf:// with its httpfs extension, which it downloads from extensions.duckdb.org on first use:
 *                no download is possible here.
 * The hf CLI's `hf download <id> --repo-type dataset --include <pattern>... --local-dir <name>` runs unchanged through
 * HF_ENDPOINT too, and must leave exactly the split's files in the folder.
 * Croissant (mlcroissant) and WebDataset (webdataset) are not on the local package index. Croissant's snippet is
 * checked by parsing and formatting only (test/snippets/dataset-syntax.test.ts). WebDataset's runs unchanged with a
 * stand-in webdataset module (test/python/standins/webdataset.py: WebDataset(urls, shardshuffle=False) over http and
 * pipe: URLs, samples grouped by key), so that the snippet's own part runs against the local Hub: HfFileSystem lists
 * the split's tar shards, hf_hub_url gives their URLs, and a gated dataset's are fetched by curl with the token.
 * torchcodec, which 🤗 Datasets decodes audio clips with, is not on the index either: an audio folder's rows are read
 * with a stand-in that decodes WAV files (test/python/standins/torchcodec), so that load_dataset's part runs as is.
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const standIns = fileURLToPath(new URL("../python/standins", import.meta.url));
const RUN_TIMEOUT_MS = 120_000;
const SUITE_TIMEOUT_MS = 600_000;
/** Runs at once: the machine has two cores. */
const PARALLEL = 2;

/** The clients that read rows, and how each is run: through the local Hub, or on the local copy of the files. */
const readers = { datasets: "hub", pandas: "hub", dask: "hub", polars: "local copy", duckdb: "local copy" } as const;
type Reader = keyof typeof readers;

interface Case {
  dataset: TinyDataset;
  /** The config and split read (the keys of `dataset.expected`: splitKey). */
  key: string;
  /** The options the snippets are generated with: none for the record's default config and split. */
  options: { config?: string; split?: string };
  client: Reader | "hf" | "webdataset";
  snippet: DatasetSnippet;
}

/** The files a split's rows come from (every row's marker names its config and split). */
const filesOf = (dataset: TinyDataset, key: string) =>
  Object.keys(dataset.files)
    .filter((path) => dataset.files[path]!.some((row) => dataset.expected[key]!.includes(row.text)))
    .sort();

/** The files under a folder, as repository paths (the hf CLI's own .cache/ left out). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .filter((path) => !path.startsWith(".cache/"))
    .sort();

/** Polars and DuckDB read the local copy when their code reads hf:// paths itself (Polars' JSON arrays go through huggingface_hub). */
const viaLocalCopy = (entry: Case) =>
  Object.hasOwn(readers, entry.client) && readers[entry.client as Reader] === "local copy" && entry.snippet.content.includes("hf://");

/** WebDataset's snippet, and 🤗 Datasets decoding audio clips (torchcodec), run with the stand-ins of packages the index lacks. */
const needsStandIns = (entry: Case) =>
  entry.client === "webdataset" || (entry.client === "datasets" && Object.keys(entry.dataset.files).some((path) => path.endsWith(".wav")));

/** A dataset the Hub tags as large, whose code reads a sample or streams. */
const isLarge = (dataset: TinyDataset) => dataset.tags.includes("size_categories:n>1T");

const marked = (text: string, marker: string) => new RegExp(`(?<![\\w-])${marker}(?![\\w-])`).test(text);

const available = venvHas(
  ["datasets", "pandas", "pyarrow", "polars", "duckdb", "dask.dataframe"],
  datasetsPython,
  "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets",
);

describe.skipIf(!available)("dataset snippets run against the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-datasets-"));
  const repos = join(scratch, "repos");
  const hostile = new Set(hostileTinyDatasets());
  const webdatasets = new Set([webdatasetDataset(), webdatasetDataset(true)]);
  const datasets = [...tinyDatasets(), ...layoutDatasets(), ...hostile, ...webdatasets];
  const cases: Case[] = [];
  for (const dataset of datasets) {
    const record = recordOf(dataset);
    const chosen = getDatasetSnippets(record);
    for (const key of Object.keys(dataset.expected)) {
      const [config, split] = splitOfKey(key);
      const options = chosen.config === config && chosen.split === split ? {} : { config, split };
      for (const snippet of getDatasetSnippets(record, options).snippets) {
        // 🤗 Datasets refuses some config names itself (InvalidConfigName), for every config of their card.
        if (snippet.client === "datasets" && dataset.id === "hostile-org/hostile-run-refused") continue;
        // On hostile names, the readers whose code holds the names differently: 🤗 Datasets (config), pandas (a Python
        // path), Polars (the same) and DuckDB (an SQL string in Python); Dask's paths are written as Polars' are, and
        // hf download's --include words are checked with a stand-in hf (dataset-syntax.test.ts): left out, for time.
        if (hostile.has(dataset) && (snippet.client === "dask" || snippet.client === "hf")) continue;
        // Dask (the slowest to start) reads each dataset's default config and split: its paths are built as Polars' are.
        if (snippet.client === "dask" && Object.keys(options).length > 0) continue;
        if (Object.hasOwn(readers, snippet.client) || snippet.client === "hf" || snippet.client === "webdataset")
          cases.push({ dataset, key, options, client: snippet.client as Reader, snippet });
      }
    }
  }
  let hub: LocalHub;
  let runNumber = 0;
  const runs = new Map<Case, SnippetRun>();
  const refusedWithoutToken = new Map<string, SnippetRun>();

  const run = (snippet: DatasetSnippet, token: string, rewrite?: TinyDataset, env: Record<string, string> = {}): Promise<SnippetRun> =>
    runSnippet(
      // Polars and DuckDB read the local copy: only the hf://datasets/<id>/ prefix of their paths is written over.
      // DuckDB's secret for gated data is dropped there too: making a HUGGINGFACE secret loads httpfs, which no run here can download.
      rewrite
        ? {
            ...snippet,
            content: snippet.content
              .replaceAll(`hf://datasets/${rewrite.id}/`, `${join(repos, ...rewrite.id.split("/"))}/`)
              .replaceAll(`hf://datasets/${rewrite.id}@${encodeURIComponent(PARQUET_BRANCH)}/`, `${conversionDir(repos, rewrite)}/`)
              .replace(/^duckdb\.sql\("CREATE SECRET hf_token \(TYPE HUGGINGFACE, PROVIDER credential_chain\)"\)\n/m, ""),
          }
        : snippet,
      {
        python: datasetsPython,
        timeoutMs: RUN_TIMEOUT_MS,
        env: {
          ...localHubEnv(hub, join(scratch, `home-${(runNumber += 1)}`), token),
          PATH: `${dirname(datasetsPython)}:${process.env.PATH ?? ""}`,
          // Polars shortens long strings in the table it prints (to 30 characters): the markers must show whole.
          POLARS_FMT_STR_LEN: "100",
          ...env,
        },
      },
    );

  beforeAll(async () => {
    hub = await startLocalHub(await writeDatasetRepos(repos, datasets, datasetsPython));
    const queue = [...cases];
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let entry = queue.shift(); entry; entry = queue.shift()) {
          const once = () =>
            run(entry.snippet, hub.token, viaLocalCopy(entry) ? entry.dataset : undefined, needsStandIns(entry) ? { PYTHONPATH: standIns } : {});
          let result = await once();
          // pyarrow's threads may abort the interpreter as it exits, after the snippet has printed its rows ("terminate
          // called without an active exception", SIGABRT; seen once in CI in about 300 runs): a shutdown race of theirs,
          // not the snippet's, so such a run is run once more.
          if (result.signal === "SIGABRT" && result.stderr.includes("terminate called without an active exception")) result = await once();
          runs.set(entry, result);
        }
      }),
    );
    for (const entry of cases.filter((entry) => (entry.dataset.gated || entry.dataset.private) && entry.client === "pandas")) {
      refusedWithoutToken.set(entry.dataset.id, await run(entry.snippet, ""));
    }
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("covers every reader on every config and split of parquet, csv, tsv, jsonl, json and Arrow datasets (compressed too), hostile names included", () => {
    const tabular = datasets.filter((dataset) => !webdatasets.has(dataset));
    const splits = tabular.reduce((sum, dataset) => sum + Object.keys(dataset.expected).length, 0);
    const [readable, refused] = [...hostile].map((dataset) => Object.keys(dataset.expected).length) as [number, number];
    // Polars and DuckDB cannot read bzip2, xz or zip files: they are not offered for those datasets' splits.
    const compressed = tabular.filter((dataset) => Object.keys(dataset.files).some((path) => /\.(bz2|xz|zip)$/.test(path)));
    const unreadable = compressed.reduce((sum, dataset) => sum + Object.keys(dataset.expected).length, 0);
    // A save_to_disk upload (Arrow streams) and an image folder are read by 🤗 Datasets alone among the readers.
    const arrow = tabular.filter((dataset) => Object.keys(dataset.files).some((path) => /\.(arrow|png|wav)$/.test(path)));
    const arrowSplits = arrow.reduce((sum, dataset) => sum + Object.keys(dataset.expected).length, 0);
    for (const client of [...Object.keys(readers), "hf"]) {
      const tables = client !== "datasets" && client !== "hf";
      const left =
        (client === "datasets" ? refused : client === "hf" ? readable + refused : client === "polars" || client === "duckdb" ? unreadable : 0) +
        (tables ? arrowSplits : 0);
      const expected = client === "dask" ? tabular.length - hostile.size - arrow.length : splits - left;
      expect(cases.filter((entry) => entry.client === client && !webdatasets.has(entry.dataset)).length, client).toBe(expected);
    }
  });

  for (const entry of cases.filter((entry) => entry.client === "hf")) {
    const { dataset, key } = entry;
    const named =
      Object.keys(entry.options).length > 0
        ? ` (--config ${JSON.stringify(entry.options.config)} --split ${JSON.stringify(entry.options.split)})`
        : " (default)";
    it(`${dataset.id} ${oneLineText(splitOfKey(key).join("/"))}${named}: hf download fetches exactly the split's files into the folder`, () => {
      const result = runs.get(entry)!;
      const context = `--- snippet ---\n${entry.snippet.content}\n--- stderr ---\n${result.stderr.slice(-2000)}`;
      expect(result.code, context).toBe(0);
      const folder = /--local-dir (\S+)$/m.exec(entry.snippet.content)![1]!;
      // A large split's download is its first file, a sample; an image folder's takes its metadata.csv too.
      const files = filesOf(dataset, key);
      const folders = new Set(files.map((path) => path.slice(0, path.lastIndexOf("/") + 1)));
      const wanted = isLarge(dataset)
        ? files.slice(0, 1)
        : [...files, ...imageMetadata(dataset).filter((path) => folders.has(path.slice(0, path.lastIndexOf("/") + 1)))].sort();
      expect(filesUnder(join(result.dir, folder)), context).toEqual(wanted);
    });
  }

  for (const entry of cases.filter((entry) => entry.client === "webdataset")) {
    const { dataset, key } = entry;
    const named = Object.keys(entry.options).length > 0 ? ` (--split ${entry.options.split})` : " (default)";
    it(`${dataset.id} ${oneLineText(splitOfKey(key).join("/"))}${named}: webdataset (stand-in) reads the split's shards from their Hub URLs`, () => {
      const result = runs.get(entry)!;
      const context = `--- snippet ---\n${entry.snippet.content}\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr.slice(-2000)}`;
      expect(result.code, context).toBe(0);
      // islice(dataset, 3) over shards of two samples: the first two shards (or the one), in order.
      const samples = Math.min(3, dataset.expected[key]!.length);
      expect(result.stdout, context).toBe("['__key__', '__url__', 'cls', 'txt']\n".repeat(samples));
      const url = (path: string) => `${hub.origin}/datasets/${dataset.id}/resolve/main/${path}`;
      const opened = filesOf(dataset, key)
        .slice(0, Math.ceil(samples / 2))
        .map((path) => (dataset.gated ? `pipe:curl -s -L -H 'Authorization: Bearer ${hub.token}' ${url(path)}` : url(path)));
      expect(
        [...result.stderr.matchAll(/^webdataset stand-in: (.*)$/gm)].map((match) => match[1]),
        context,
      ).toEqual(opened);
    });
  }

  for (const entry of cases.filter((entry) => entry.client !== "hf" && entry.client !== "webdataset") as (Case & { client: Reader })[]) {
    const { dataset, key, client } = entry;
    const named =
      Object.keys(entry.options).length > 0
        ? ` (--config ${JSON.stringify(entry.options.config)} --split ${JSON.stringify(entry.options.split)})`
        : " (default)";
    it(`${dataset.id} ${oneLineText(splitOfKey(key).join("/"))}${named}: ${client} reads the split's rows${viaLocalCopy(entry) ? " (local copy)" : ""}`, () => {
      const result = runs.get(entry);
      expect(result, "the run").toBeDefined();
      const { code, stdout, stderr } = result!;
      const context = `--- snippet ---\n${entry.snippet.content}\n--- stdout ---\n${stdout}\n--- stderr ---\n${stderr.slice(-2000)}`;
      expect(code, context).toBe(0);
      expect(existsSync(join(result!.dir, "PWNED_MARKER")) || existsSync(join(result!.dir, "PWNED")), "a hostile name ran as code").toBe(false);
      const expected = dataset.expected[key]!;
      const foreign = allMarkers(dataset).filter((marker) => !expected.includes(marker) && marked(stdout, marker));
      expect(foreign, `rows of another config or split\n${context}`).toEqual([]);
      const shown = expected.filter((marker) => marked(stdout, marker));
      if (isLarge(dataset) && (client === "datasets" || (client === "pandas" && filesOf(dataset, key).length > 1))) {
        // Streamed, 🤗 Datasets prints the first row; pandas reads the first file of a split of several, a sample.
        const sample = client === "datasets" ? expected.slice(0, 1) : dataset.files[filesOf(dataset, key)[0]!]!.map((row) => row.text);
        expect(entry.snippet.content, context).toContain(client === "datasets" ? "streaming=True" : "paths[0]");
        expect(shown, context).toEqual(sample);
      } else if (client === "datasets") {
        // print(ds): the split's size; print(ds[0]): its first row.
        expect(stdout, context).toContain(`num_rows: ${expected.length}`);
        expect(shown.length, context).toBe(1);
      } else if (client === "dask") {
        // df.head() reads the first partition: a file of the split.
        expect(shown.length, context).toBeGreaterThan(0);
      } else {
        // df.head() (five rows), DuckDB's LIMIT 10: every row of these small splits.
        expect(shown, context).toEqual(expected);
      }
    });
  }

  it("a gated or private dataset's files are refused without a token, as the access note says", () => {
    const refusable = cases.filter((entry) => (entry.dataset.gated || entry.dataset.private) && entry.client === "pandas");
    expect(refusable.map((entry) => entry.dataset.id).sort()).toEqual(["gated-org/tiny-gated", "private-org/tiny-private"]);
    for (const entry of refusable) {
      // The gated note names the page where the conditions are accepted; the private one, the token it needs for that page.
      const page = `https://huggingface.co/datasets/${entry.dataset.id}`;
      expect(entry.snippet.content).toContain(entry.dataset.gated ? `accept its conditions on ${page}` : `token with read access to ${page}`);
      const refused = refusedWithoutToken.get(entry.dataset.id);
      expect(refused?.code, entry.dataset.id).not.toBe(0);
      expect(refused?.stderr, entry.dataset.id).toMatch(entry.dataset.gated ? /gated|restricted|401/i : /not found|401|404/i);
    }
  });

  it("asks the local Hub only for what it serves", () => {
    expect(hub.requests.filter((request) => request.unrouted).map((request) => `${request.method} ${request.path} ${request.status}`)).toEqual([]);
  });

  afterAll(() => {
    const through = cases.filter((entry) => !viaLocalCopy(entry));
    const local = cases.filter(viaLocalCopy);
    const okOf = (list: Case[], client: string) => `${client} ${list.filter((entry) => entry.client === client && runs.get(entry)?.code === 0).length}`;
    console.log(
      `dataset snippets executed against the local Hub: ${through.filter((entry) => runs.get(entry)?.code === 0).length} of ${through.length} ` +
        `(${["datasets", "pandas", "dask", "polars", "hf", "webdataset"].map((client) => okOf(through, client)).join(", ")}); on the local copy of the files: ` +
        `${local.filter((entry) => runs.get(entry)?.code === 0).length} of ${local.length} (${okOf(local, "polars")}, ${okOf(local, "duckdb")}); ` +
        `${datasets.length} datasets, ${datasets.reduce((sum, dataset) => sum + Object.keys(dataset.expected).length, 0)} config/splits`,
    );
  });
});
