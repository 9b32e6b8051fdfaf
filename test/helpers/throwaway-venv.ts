import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runProcess } from "./async-process.js";

export interface ThrowawayVenv {
  /** Its bin folder: first on PATH, `pip` and `python` are this venv's. */
  bin: string;
  python: string;
  /** Where `pip install` writes here. */
  sitePackages: string;
  /** The base venv's site-packages, which this one reads but never writes. */
  baseSitePackages: string;
}

const PURELIB = "import sysconfig; print(sysconfig.get_paths()['purelib'])";

async function output(python: string, code: string): Promise<string> {
  const result = await runProcess(python, ["-c", code]);
  if (result.code !== 0) throw new Error(`${python} -c ${JSON.stringify(code)} failed: ${result.stderr.slice(-1000)}`);
  return result.stdout.trim();
}

/**
 * A virtual environment at `dir` in which the packages of a base venv import, while `pip install` writes only to
 * the new one: `python -m venv` (with the pip that the interpreter's ensurepip bundles) and a .pth file naming the
 * base venv's site-packages, which pip then counts as installed. (--system-site-packages would not do: a venv made
 * from a venv's interpreter takes the base interpreter's own site-packages as its system ones, not the venv's.)
 */
export async function makeThrowawayVenv(dir: string, basePython: string): Promise<ThrowawayVenv> {
  const made = await runProcess(basePython, ["-m", "venv", dir], { timeoutMs: 120_000 });
  if (made.code !== 0) throw new Error(`${basePython} -m venv ${dir} failed: ${made.stderr.slice(-1000)}`);
  const bin = join(dir, "bin");
  const python = join(bin, "python");
  const [sitePackages, baseSitePackages] = await Promise.all([output(python, PURELIB), output(basePython, PURELIB)]);
  await writeFile(join(sitePackages, "base-venv.pth"), `${baseSitePackages}\n`);
  return { bin, python, sitePackages, baseSitePackages };
}

/** The version of the venv's pip, e.g. "23.2.1". */
export async function pipVersion(python: string): Promise<string> {
  return output(python, "import pip; print(pip.__version__)");
}

/**
 * The machine's local package index for pip, where it has one and PIP_INDEX_URL does not name another, as
 * scripts/python-venv.sh picks it: PyPI itself is unreachable here, and pip would retry it for minutes.
 */
export function localIndexEnv(): Record<string, string> {
  if (process.env.PIP_INDEX_URL || !existsSync("/opt/pypi/simple")) return {};
  return { PIP_INDEX_URL: "file:///opt/pypi/simple" };
}

/** Installs another pip (e.g. "pip>=25.3") into the venv, from the local package index. */
export async function installPip(python: string, spec: string): Promise<void> {
  const result = await runProcess(python, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check", spec], {
    env: localIndexEnv(),
    timeoutMs: 120_000,
  });
  if (result.code !== 0) throw new Error(`pip install ${spec} failed: ${result.stderr.slice(-1500)}`);
}
