import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { notebookJson, type Notebook } from "../../src/notebook/notebook.js";
import { getModelSnippets } from "../../src/snippets/model-snippets.js";
import { runProcess } from "../helpers/async-process.js";
import { recordFor } from "../helpers/corpus.js";
import { recordOf, splitKey, writeDatasetRepos } from "../helpers/dataset-repos.js";
import { layoutDatasets } from "../helpers/layout-datasets.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { notebookPython, notebookVenvReady } from "../helpers/notebook-venv.js";
import { librariesPython, pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { sdkResponder } from "../helpers/sdk-responder.js";
import { localIndexEnv, makeThrowawayVenv } from "../helpers/throwaway-venv.js";

/*
 * Notebooks executed top to bottom by the real nbclient on ipykernel kernels, as Run all runs them, unchanged: the
 * dataset readers and hf download against the local Hub (test/helpers/local-hub.ts), the transformers loading code
 * on a tiny model it serves, the huggingface_hub chat call against the local recorder (the SDK's requests sent there
 * by test/helpers/python-redirect). Each kernel runs on the interpreter of the venv that has the notebook's packages
 * (.venv-datasets, .venv-libraries, .venv), in a throwaway venv that adds .venv-notebook's ipykernel after them.
 * The install cell runs too, with pip against the local index as a dry run (PIP_DRY_RUN): every package it names
 * must resolve there, but `-U torch` and the like are not installed anew for each run (gigabytes), and the shared
 * venvs are never written; what the cells import is the base venv's.
 */

const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));
const runner = fileURLToPath(new URL("../python/notebook_run.py", import.meta.url));
const tinyModels = fileURLToPath(new URL("../python/tiny_models.py", import.meta.url));
const fixtures = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));

interface Executed {
  error: string | null;
  cells: { id: string; ran: boolean; text: string; shown: string[] }[];
}

const ready =
  notebookVenvReady() &&
  venvHas(["datasets", "pandas"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets") &&
  venvHas(["transformers", "torch"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries") &&
  venvHas(["huggingface_hub"]);

describe.skipIf(!ready)("notebooks run top to bottom on real kernels (nbclient, ipykernel)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-notebook-run-"));
  const kernels = new Map<string, string>();
  let runs = 0;

  /** A kernel interpreter: the base venv's packages, then ipykernel from .venv-notebook; pip writes only here. */
  async function kernelFor(base: string): Promise<string> {
    const known = kernels.get(base);
    if (known) return known;
    const venv = await makeThrowawayVenv(join(scratch, `kernel-${kernels.size}`), base);
    const notebookSite = (await runProcess(notebookPython, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])).stdout.trim();
    writeFileSync(join(venv.sitePackages, "zz-notebook.pth"), `${notebookSite}\n`);
    kernels.set(base, venv.python);
    return venv.python;
  }

  async function execute(notebook: Notebook, base: string, env: Record<string, string>): Promise<Executed & { folder: string }> {
    runs += 1;
    const folder = join(scratch, `run-${runs}`);
    mkdirSync(folder);
    const path = join(folder, "notebook.ipynb");
    writeFileSync(path, notebookJson(notebook));
    const python = await kernelFor(base);
    const pip = { ...localIndexEnv(), PIP_DRY_RUN: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
    const result = await runProcess(notebookPython, [runner, path, python, folder, join(scratch, `executed-${runs}.ipynb`)], {
      env: { ...pip, PATH: `${dirname(python)}:${dirname(base)}:${process.env.PATH ?? ""}`, ...env },
      timeoutMs: 600_000,
    });
    if (result.code !== 0) throw new Error(`notebook_run.py failed: ${result.stderr.slice(-3000)}`);
    return { ...(JSON.parse(result.stdout) as Executed), folder };
  }

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe("a dataset's notebook, against the local Hub", () => {
    const dataset = layoutDatasets().find((candidate) => candidate.id === "layout-org/kaggle-style")!;
    const record = recordOf(dataset);
    const runsByClient = new Map<string, Executed & { folder: string }>();
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      hub = await startLocalHub(await writeDatasetRepos(join(scratch, "dataset-repos"), [dataset], datasetsPython));
      for (const client of ["datasets", "pandas", "hf"]) {
        const notebook = getDatasetSnippets(record, { client, notebook: true }).notebook!;
        runsByClient.set(client, await execute(notebook, datasetsPython, localHubEnv(hub, join(scratch, `home-${client}`))));
      }
    }, 900_000);
    afterAll(async () => hub?.close());

    // The rows of the config and split the notebook reads (the answer's default).
    const expected = () => {
      const { config, split } = getDatasetSnippets(record);
      return dataset.expected[splitKey(config!, split!)]!;
    };

    it("🤗 Datasets: every cell runs, the install cell resolves on the local index, the split's rows print", () => {
      const run = runsByClient.get("datasets")!;
      expect(run.error).toBeNull();
      expect(run.cells.every((cell) => cell.ran)).toBe(true);
      expect(run.cells.find((cell) => cell.id === "install")?.text).toMatch(/Would install|Requirement already satisfied/);
      expect(run.cells.find((cell) => cell.id === "snippet-1")?.text).toContain(`num_rows: ${expected().length}`);
    });

    it("pandas: the reading cell prints the data frame's head with the split's rows, and no cell shows it again", () => {
      const run = runsByClient.get("pandas")!;
      expect(run.error).toBeNull();
      expect(run.cells.some((cell) => cell.shown.includes("text/html"))).toBe(false);
      for (const marker of expected()) expect(run.cells.find((cell) => cell.id === "snippet-1")?.text).toContain(marker);
    });

    it("hf download runs in a %%bash cell and fetches the split's files", () => {
      const run = runsByClient.get("hf")!;
      expect(run.error).toBeNull();
      const folder = readdirSync(run.folder).find((name) => !name.endsWith(".ipynb"));
      expect(folder).toBeDefined();
      expect(readdirSync(join(run.folder, folder!))).toContain("train.csv");
    });
  });

  describe("a model's library notebook, on a tiny model of the local Hub", () => {
    const record = ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixtures, "transformers-fill-mask.json"), "utf8")));
    let run: (Executed & { folder: string }) | undefined;
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      const repos = join(scratch, "model-repos");
      const spec = join(scratch, "models.json");
      writeFileSync(spec, JSON.stringify([{ kind: "masked-lm", repo: record.id }]));
      await promisify(execFile)(librariesPython, [tinyModels, repos, spec], { env: { ...process.env, HF_HUB_OFFLINE: "1" }, maxBuffer: 16 * 1024 * 1024 });
      hub = await startLocalHub([{ id: record.id, dir: join(repos, record.id) }]);
      const notebook = getModelSnippets(record, { kind: "library", notebook: true }).notebook!;
      run = await execute(notebook, librariesPython, { ...localHubEnv(hub, join(scratch, "home-model")), TOKENIZERS_PARALLELISM: "false" });
    }, 900_000);
    afterAll(async () => hub?.close());

    it("runs every cell: the install cell resolves, the loading code downloads the model and fills the mask", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      expect(run!.cells.every((cell) => cell.ran)).toBe(true);
      expect(hub!.downloads(record.id)).toEqual(expect.arrayContaining(["config.json", "model.safetensors"]));
    });
  });

  describe("a model's inference notebook, against the local recorder", () => {
    let recorder: Recorder | undefined;
    let run: (Executed & { folder: string }) | undefined;

    beforeAll(async () => {
      recorder = await startRecorder(sdkResponder("conversational", "python"));
      const notebook = getModelSnippets(recordFor("conversational"), { client: "huggingface_hub", notebook: true }).notebook!;
      run = await execute(notebook, venvPython, { HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, PYTHONPATH: pythonRedirect, HF_TOKEN: "hf_test_token", HF_HOME: join(scratch, "home-inference") });
    }, 600_000);
    afterAll(async () => recorder?.close());

    it("runs every cell, and the chat call reaches the router with the token", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      const sent = recorder!.requests.find((request) => request.method === "POST");
      expect(sent?.headers.authorization).toBe("Bearer hf_test_token");
      expect(run!.cells.find((cell) => cell.id === "snippet-1")?.text).toContain("Hello world");
    });
  });
});
