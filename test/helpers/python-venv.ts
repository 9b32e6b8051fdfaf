import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { skipNotice } from "./skip-notice.js";

/** The interpreter of .venv/, which scripts/python-venv.sh builds (npm test runs it first). */
export const venvPython = fileURLToPath(new URL("../../.venv/bin/python", import.meta.url));

/** The interpreter of .venv-libraries/ (model libraries for the loading snippets), which .ci/run builds. */
export const librariesPython = fileURLToPath(new URL("../../.venv-libraries/bin/python", import.meta.url));

/** The folder whose sitecustomize.py sends the SDKs' requests to the recorder (see that file). */
export const pythonRedirect = fileURLToPath(new URL("./python-redirect", import.meta.url));

/**
 * Whether a virtual environment (.venv/ by default) can import these modules. Missing ones skip their tests with a visible notice, except under
 * CI=true, where .ci/run builds the environment and a missing module must fail the run.
 */
export function venvHas(modules: string[], python = venvPython, build = "bash scripts/python-venv.sh"): boolean {
  const probe = spawnSync(python, ["-c", modules.map((name) => `import ${name}`).join("; ")], { encoding: "utf8" });
  const found = probe.status === 0;
  if (!found) {
    const venv = python.split("/").at(-3) ?? python;
    const why = probe.error ? `${python} is missing` : (probe.stderr.trim().split("\n").at(-1) ?? "import failed");
    if (process.env.CI === "true") throw new Error(`${venv} must provide ${modules.join(", ")} under CI=true: ${why}`);
    skipNotice(`${venv} cannot import ${modules.join(", ")} (${why}); run ${build}. Those snippets are not executed.`);
  }
  return found;
}

/** The package index pip downloads from: PIP_INDEX_URL, else the machine's local index (PyPI is unreachable here). */
export function packageIndex(): string | undefined {
  if (process.env.PIP_INDEX_URL) return process.env.PIP_INDEX_URL;
  return existsSync("/opt/pypi/simple") ? "file:///opt/pypi/simple" : undefined;
}
