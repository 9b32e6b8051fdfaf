import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/*
 * The runtimes that only the execution tests use (node-llama-cpp; transformers.js with onnxruntime and wavefile)
 * are a package of their own, test/runtimes/, installed by `bash scripts/test-runtimes.sh` into
 * test/runtimes/node_modules/, apart from the project's install (they weigh ~1.2 GB). Tests resolve them from there.
 */

/** test/runtimes/node_modules/: where the execution tests' runtimes are installed. */
export const runtimesNodeModules = fileURLToPath(new URL("../runtimes/node_modules/", import.meta.url));

/** The folder of an installed runtime package (it may be missing). */
export const runtimePackage = (name: string): string => join(runtimesNodeModules, name);

/**
 * Whether these runtime packages are installed. A missing one skips its tests with a visible notice, except under
 * CI=true, where .ci/run installs them and a missing one must fail the run.
 */
export function runtimesInstalled(names: string[], what: string): boolean {
  const missing = names.filter((name) => !existsSync(join(runtimePackage(name), "package.json")));
  if (missing.length === 0) return true;
  const why = `${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not installed in test/runtimes/node_modules`;
  if (process.env.CI === "true") throw new Error(`${why} (CI=true: run bash scripts/test-runtimes.sh)`);
  console.warn(`NOTICE: ${why}; run bash scripts/test-runtimes.sh. ${what} not executed.`);
  return false;
}
