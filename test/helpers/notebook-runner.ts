import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { notebookJson, type Notebook } from "../../src/notebook/notebook.js";
import { runProcess } from "./async-process.js";
import { notebookPython, notebookVenvReady } from "./notebook-venv.js";
import { librariesPython, venvHas } from "./python-venv.js";
import { localIndexEnv, makeThrowawayVenv } from "./throwaway-venv.js";

/*
 * Runs notebooks top to bottom with the real nbclient on ipykernel kernels, as Run all runs them, unchanged. Each
 * kernel runs on the interpreter of the venv that has the notebook's packages (.venv-datasets, .venv-libraries,
 * .venv), in a throwaway venv that adds .venv-notebook's ipykernel after them. The install cell runs too, with pip
 * against the local index as a dry run (PIP_DRY_RUN): every package it names must resolve there, but `-U torch` and
 * the like are not installed anew for each run (gigabytes), and the shared venvs are never written.
 */

const runner = fileURLToPath(new URL("../python/notebook_run.py", import.meta.url));
const tinyModels = fileURLToPath(new URL("../python/tiny_models.py", import.meta.url));

/** The interpreter of .venv-datasets/ (🤗 Datasets, pandas, …), the kernel of the dataset notebooks. */
export const datasetsPython = fileURLToPath(new URL("../../.venv-datasets/bin/python", import.meta.url));

/** Whether the venvs the notebook kernels run on are here (a visible notice when not; a failure under CI=true). */
export const notebookKernelsReady = (): boolean =>
  notebookVenvReady() &&
  venvHas(["datasets", "pandas"], datasetsPython, "bash scripts/python-venv.sh test/python/requirements-datasets.txt .venv-datasets") &&
  venvHas(["transformers", "torch"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries") &&
  venvHas(["huggingface_hub"]);

/** A tiny masked language model (test/python/tiny_models.py) written to `<root>/<repo>`, offline, for the local Hub to serve. */
export async function writeTinyMaskedLm(root: string, repo: string, scratch: string): Promise<string> {
  const spec = join(scratch, `${repo.replaceAll("/", "--")}.json`);
  writeFileSync(spec, JSON.stringify([{ kind: "masked-lm", repo }]));
  await promisify(execFile)(librariesPython, [tinyModels, root, spec], { env: { ...process.env, HF_HUB_OFFLINE: "1" }, maxBuffer: 16 * 1024 * 1024 });
  return join(root, repo);
}

export interface ExecutedCell {
  id: string;
  ran: boolean;
  /** What it printed (stdout and stderr streams). */
  text: string;
  /** The MIME types it displayed. */
  shown: string[];
}

export interface Executed {
  /** The error that stopped the run (nbclient's CellExecutionError and its traceback), or null. */
  error: string | null;
  cells: ExecutedCell[];
  /** The working folder the cells ran in. */
  folder: string;
}

export interface RunOptions {
  /** Variables the kernel must not inherit from the suite's environment (a token). */
  unset?: string[];
}

export interface NotebookRunner {
  execute(notebook: Notebook, basePython: string, env: Record<string, string>, options?: RunOptions): Promise<Executed>;
}

export function notebookRunner(scratch: string): NotebookRunner {
  const kernels = new Map<string, Promise<string>>();
  let runs = 0;

  /** A kernel interpreter: the base venv's packages, then ipykernel from .venv-notebook; pip writes only here. */
  async function makeKernel(base: string, dir: string): Promise<string> {
    const venv = await makeThrowawayVenv(dir, base);
    const notebookSite = (await runProcess(notebookPython, ["-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"])).stdout.trim();
    writeFileSync(join(venv.sitePackages, "zz-notebook.pth"), `${notebookSite}\n`);
    return venv.python;
  }

  function kernelFor(base: string): Promise<string> {
    let kernel = kernels.get(base);
    if (kernel === undefined) {
      kernel = makeKernel(base, join(scratch, `kernel-${kernels.size}`));
      kernels.set(base, kernel);
    }
    return kernel;
  }

  return {
    async execute(notebook, base, env, options = {}) {
      runs += 1;
      const folder = join(scratch, `run-${runs}`);
      mkdirSync(folder);
      const path = join(folder, "notebook.ipynb");
      writeFileSync(path, notebookJson(notebook));
      const python = await kernelFor(base);
      const pip = { ...localIndexEnv(), PIP_DRY_RUN: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1" };
      const unset = { HUB_SNIPPETS_UNSET: (options.unset ?? []).join(",") };
      const result = await runProcess(notebookPython, [runner, path, python, folder, join(scratch, `executed-${runs}.ipynb`)], {
        env: { ...pip, PATH: `${dirname(python)}:${dirname(base)}:${process.env.PATH ?? ""}`, ...env, ...unset },
        timeoutMs: 600_000,
      });
      if (result.code !== 0) throw new Error(`notebook_run.py failed: ${result.stderr.slice(-3000)}`);
      return { ...(JSON.parse(result.stdout) as Omit<Executed, "folder">), folder };
    },
  };
}
