import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ansiPattern, cliNode, cliPath, type CliResult } from "../helpers/cli.js";
import { expectOneDiagnosticLine, expectNoMatchError, expectUsageError, scratch, scratchFile } from "../helpers/snippet-cli.js";

/** The dataset command as a user runs it: a real process in an empty folder, stdout and stderr piped. */
function run(args: string[], options: { input?: string } = {}): CliResult {
  const { NO_COLOR: _n, FORCE_COLOR: _f, NODE_DISABLE_COLORS: _d, ...env } = process.env;
  const cwd = mkdtempSync(join(scratch(), "empty-"));
  const result = spawnSync(cliNode, [cliPath, "dataset", ...args], {
    cwd,
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 20_000,
    env,
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

/** A record of the layout corpus (test/fixtures/dataset-layouts/). */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/dataset-layouts/${name}.json`, import.meta.url));

const imdb = (fields: Record<string, unknown> = {}) =>
  JSON.stringify({
    _id: "621ffdd236468d709f181d58",
    id: "stanfordnlp/imdb",
    tags: ["format:parquet", "library:datasets", "library:pandas", "library:polars", "library:mlcroissant"],
    cardData: {
      configs: [
        {
          config_name: "plain_text",
          data_files: [
            { split: "train", path: "plain_text/train-*" },
            { split: "test", path: "plain_text/test-*" },
          ],
          default: true,
        },
      ],
    },
    siblings: [{ rfilename: "plain_text/train-00000-of-00001.parquet" }, { rfilename: "plain_text/test-00000-of-00001.parquet" }],
    ...fields,
  });

describe("hub-snippets dataset", () => {
  it("prints one snippet per library the record's library: tags name, then the download and the viewer API, each under its heading", () => {
    const { stdout, stderr, code } = run(["example:imdb"]);
    expect(code, stderr).toBe(0);
    const headings = stdout.split("\n").filter((line) => /^(#|\/\/) (python|js|sh)\//.test(line));
    expect(headings).toEqual([
      "# python/datasets",
      "# python/pandas",
      "# python/polars",
      "# python/mlcroissant",
      "# python/requests",
      "// js/fetch",
      "# sh/hf",
      "# sh/curl",
    ]);
    expect(stdout).not.toMatch(ansiPattern);
    expect(stderr).toBe("");
  });

  it("prints one snippet alone, its install line first, for --lang and --client", () => {
    const { stdout, code } = run(["example:imdb", "--lang", "python", "--client", "pandas", "--split", "test"]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      '# pip install -U pandas pyarrow huggingface-hub\nimport pandas as pd\n\ndf = pd.read_parquet(\n    "hf://datasets/stanfordnlp/imdb/plain_text/test-00000-of-00001.parquet",\n)\nprint(df.head())\n',
    );
  });

  it("prints JSON items of kind dataset, with their install line", () => {
    const { stdout, code } = run(["-", "--json"], { input: imdb() });
    expect(code).toBe(0);
    const items = JSON.parse(stdout) as {
      kind: string;
      language: string;
      client: string;
      content: string;
      install?: string;
    }[];
    expect(items.every((item) => item.kind === "dataset")).toBe(true);
    expect(items.find((item) => item.client === "datasets")).toEqual({
      kind: "dataset",
      language: "python",
      client: "datasets",
      content: 'from datasets import load_dataset\n\nds = load_dataset("stanfordnlp/imdb", split="train")\nprint(ds)\nprint(ds[0])',
      install: "pip install -U datasets",
    });
    expect(items.find((item) => item.client === "curl")?.install).toBeUndefined();
  });

  it("names the config in load_dataset when the card has several, and reads the one asked for", () => {
    const glue = JSON.stringify({
      id: "nyu-mll/glue",
      cardData: {
        configs: [
          {
            config_name: "cola",
            data_files: [
              { split: "train", path: "cola/train-*" },
              { split: "validation", path: "cola/validation-*" },
            ],
          },
          {
            config_name: "sst2",
            data_files: [{ split: "train", path: "sst2/train-*" }],
          },
        ],
      },
    });
    const first = run(["-", "--client", "datasets"], { input: glue });
    expect(first.stdout).toContain('ds = load_dataset("nyu-mll/glue", "cola", split="train")');
    const asked = run(["-", "--client", "datasets", "--config", "sst2"], {
      input: glue,
    });
    expect(asked.stdout).toContain('ds = load_dataset("nyu-mll/glue", "sst2", split="train")');
    const nearest = run(["-", "--config", "sst"], { input: glue });
    expect(nearest.code).toBe(1);
    expectOneDiagnosticLine(nearest.stderr, "nyu-mll/glue: no config 'sst'; did you mean", "sst2", "(configs: cola, sst2)");
  });

  it("offers the libraries that read the files' format when the record has no library: tags", () => {
    const csv = JSON.stringify({
      id: "someone/table",
      siblings: [{ rfilename: "data/train.csv" }, { rfilename: "data/test.csv" }],
    });
    const { stdout, code } = run(["-", "--lang", "python"], { input: csv });
    expect(code).toBe(0);
    expect(stdout.split("\n").filter((line) => line.startsWith("# python/"))).toEqual([
      "# python/datasets",
      "# python/pandas",
      "# python/polars",
      "# python/duckdb",
      "# python/dask",
      "# python/mlcroissant",
      "# python/requests",
    ]);
    expect(stdout).toContain('df = pd.read_csv("hf://datasets/someone/table/data/train.csv")');
  });

  it("gives a library asked for by name when it reads the format, even when the tags leave it out", () => {
    const { stdout, code } = run(["example:imdb", "--client", "duckdb"]);
    expect(code).toBe(0);
    expect(stdout).toContain("SELECT * FROM read_parquet('hf://datasets/stanfordnlp/imdb/plain_text/train-00000-of-00001.parquet') LIMIT 10");
    const webdataset = run(["example:imdb", "--client", "webdataset"]);
    expect(webdataset.code).toBe(1);
    expectOneDiagnosticLine(webdataset.stderr, "no webdataset code for stanfordnlp/imdb (it does not read this dataset's files)", "python/datasets");
  });

  it("starts the code of a gated dataset with the access note, and signs the viewer calls in", () => {
    const { stdout, code } = run(["-", "--lang", "sh"], {
      input: imdb({ gated: "manual" }),
    });
    expect(code).toBe(0);
    expect(stdout).toContain(
      "# Gated dataset: accept its conditions on https://huggingface.co/datasets/stanfordnlp/imdb, then run hf auth login or set HF_TOKEN",
    );
    expect(stdout).toContain('-H "Authorization: Bearer $HF_TOKEN"');
    const closed = run(["-", "--client", "datasets"], { input: imdb({ private: true }) });
    expect(closed.stdout).toContain(
      "# Private dataset: the download needs a token with read access to https://huggingface.co/datasets/stanfordnlp/imdb (hf auth login, or HF_TOKEN)\n",
    );
    const open = run(["example:imdb", "--lang", "sh", "--client", "curl"]);
    expect(open.stdout).not.toContain("Authorization");
    // DuckDB sends a token only through a secret: a gated dataset's query makes one first, an open one's does not.
    const secret = 'duckdb.sql("CREATE SECRET hf_token (TYPE HUGGINGFACE, PROVIDER credential_chain)")\n';
    expect(run(["-", "--client", "duckdb"], { input: imdb({ gated: "auto" }) }).stdout).toContain(secret);
    expect(run(["-", "--client", "duckdb"], { input: imdb() }).stdout).not.toContain("CREATE SECRET");
  });

  it("says which 🤗 Datasets builder reads media files that a table library was asked for", () => {
    const result = run([fixture("imagefolder"), "--client", "pandas"]);
    expect(result.code).toBe(1);
    expectOneDiagnosticLine(result.stderr, "no pandas code for someone/cats-dogs (its files are read by 🤗 Datasets' imagefolder builder: --client datasets)");
  });

  it("says why a reader asked for is not offered: a card option it cannot say, a card 🤗 Datasets refuses", () => {
    const dask = run([fixture("json-field"), "--client", "dask"]);
    expect(dask.code).toBe(1);
    expectOneDiagnosticLine(
      dask.stderr,
      "no dask code for someone/squad-style (its card reads each file's rows from one JSON object's data list (field), which Dask's read_json cannot)",
    );
    const refused = run([fixture("card-dict-data-files"), "--client", "pandas"]);
    expect(refused.code).toBe(1);
    expectOneDiagnosticLine(
      refused.stderr,
      "no pandas code for someone/dict-files (🤗 Datasets refuses its card, as config noisy writes data_files as a mapping of splits",
    );
  });

  it("names a split of 10,000 shards by one pattern, as the Hub's code does", () => {
    const result = run([fixture("ten-thousand-shards")]);
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeLessThan(5000);
    expect(result.stdout).toContain('fs.glob("datasets/someone/many-shards/data/train-*.parquet")');
    // Tagged n>1T, it is large: the download fetches the split's first file, and says so.
    expect(result.stdout).toContain(
      "this downloads the first of its 10000 files.\nhf download someone/many-shards --repo-type dataset --include data/train-00000-of-10000.parquet",
    );
    expect(result.stdout).toContain('ds = load_dataset("someone/many-shards", split="train", streaming=True)');
  });

  it("writes the generic code for --id, and says how to fetch the record", () => {
    const { stdout, stderr, code } = run(["--id", "nyu-mll/glue", "--lang", "sh"]);
    expect(code).toBe(0);
    expect(stdout).toContain("hf download nyu-mll/glue --repo-type dataset --local-dir glue");
    expect(stdout).toContain("--data-urlencode dataset=nyu-mll/glue");
    expect(stdout).not.toContain("first-rows");
    expectOneDiagnosticLine(stderr, "only its id was given", "curl -s https://huggingface.co/api/datasets/nyu-mll/glue");
    const withConfig = run(["--id", "nyu-mll/glue", "--config", "cola", "--split", "validation", "--client", "datasets"]);
    expect(withConfig.stdout).toContain('ds = load_dataset("nyu-mll/glue", "cola", split="validation")');
  });

  it("refuses bad input with one line and exit 2", () => {
    expectUsageError(
      run(["nyu-mll/glue"]),
      "nyu-mll/glue: no such file",
      "curl -s https://huggingface.co/api/datasets/nyu-mll/glue | hub-snippets dataset -",
      "hub-snippets dataset --id nyu-mll/glue",
    );
    expectUsageError(run(["missing.json"]), "missing.json: no such file");
    expectUsageError(run(["-"], { input: "{" }), "<stdin>: the input ends early at line 1");
    expectUsageError(run(["-"], { input: '{"id": "a/b", "tags": "x"}' }), "<stdin>: not a valid dataset record: $.tags");
    expectUsageError(run(["-"], { input: "{}" }), 'a record needs at least "id"');
    expectUsageError(run(["example:nope"]), "example:nope: no such dataset example", "example:imdb");
    expectNoMatchError(run(["example:imdb", "--client", "panda"]), "unknown dataset client 'panda'; did you mean pandas");
    expectNoMatchError(run(["example:imdb", "--lang", "cobol"]), "unknown language 'cobol'");
    expectUsageError(run(["example:imdb", "--id", "a/b"]), "give either a dataset record or --id, not both");
    expectUsageError(run([]), "missing dataset");
    expectUsageError(run(["example:imdb", "--copy"]), "--copy copies one snippet, and 8 match");
    expectUsageError(run(["example:imdb", "--frobnicate"]), "unknown option '--frobnicate'");
    expectUsageError(run([scratchFile("dataset-dir-check.json", "[]")]), "not a valid dataset record");
  });

  it("picks one snippet with --index", () => {
    const { stdout, code } = run(["example:imdb", "--index", "2"]);
    expect(code).toBe(0);
    expect(stdout.startsWith("# pip install -U pandas pyarrow huggingface-hub\nimport pandas as pd\n")).toBe(true);
    expect(run(["example:imdb", "--index", "20"]).code).toBe(1);
  });
});

describe("hub-snippets libraries list --datasets", () => {
  it("lists the dataset libraries, with whether dataset writes their code", () => {
    const result = spawnSync(cliNode, [cliPath, "libraries", "list", "--datasets", "--json"], { encoding: "utf8" });
    const rows = JSON.parse(result.stdout) as {
      key: string;
      snippets: boolean;
      description: string;
    }[];
    expect(rows).toHaveLength(16);
    expect(
      rows
        .filter((row) => row.snippets)
        .map((row) => row.key)
        .sort(),
    ).toEqual(["dask", "datasets", "duckdb", "fiftyone", "lance", "mlcroissant", "pandas", "polars", "webdataset"]);
    const plain = spawnSync(cliNode, [cliPath, "libraries", "list", "--datasets", "--search", "pola"], { encoding: "utf8" });
    expect(plain.stdout).toMatch(/^KEY +LABEL +SNIPPETS +DOCS\npolars +Polars +yes +https:\/\/huggingface\.co\/docs\/hub\/datasets-polars\n$/);
    const refused = spawnSync(cliNode, [cliPath, "libraries", "list", "--datasets", "--task", "text-classification"], { encoding: "utf8" });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("--datasets lists the libraries that read datasets, which have no tasks");
  });
});
