import { build, type BuildOptions } from "esbuild";
// @ts-expect-error: a build script, without type declarations
import { cliBundleOptions } from "../../scripts/cli-bundle/bundle-options.mjs";
// @ts-expect-error: a build script, without type declarations
import { libraryModulesAtBuild, libraryModuleTable } from "../../scripts/cli-bundle/library-modules.mjs";

/*
 * What a CLI bundle carries, as esbuild's metafile tells it: each module of src/ and each package of
 * node_modules/ with the bytes it puts in the bundle, built with the CLI's own options (the build's swaps
 * included) but not written. A budget holds that set to a committed one, so that a change that puts a module on
 * the path of every piped snippet says which (test/package/snippet-bundle-budget.test.ts).
 */

export interface BundleBudget {
  /** The bundle and its entry, as scripts/build.mjs builds them. */
  bundle: string;
  entry: string;
  /** The bytes of its modules together, when the budget was taken. */
  bytes: number;
  /** How much the bytes may grow over the budget's before it fails (a share: 0.03 is 3%). */
  slack: number;
  /** Its modules (src/ paths, node_modules/ packages), sorted. */
  modules: string[];
}

/** A metafile input as the budget names it: a src/ file by its path, a package by its folder. */
const moduleName = (input: string): string => {
  const inPackage = /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  return inPackage ? `node_modules/${inPackage[1]}` : input;
};

/** The modules a bundle carries, with their bytes in it. */
export async function bundleModules(entry: string): Promise<Map<string, number>> {
  const nodeBundle = { bundle: true, platform: "node", target: "node20", mainFields: ["module", "main"], logLevel: "warning" } as const;
  const libraryModules: unknown = await libraryModuleTable(nodeBundle);
  const options = cliBundleOptions(nodeBundle, [libraryModulesAtBuild(libraryModules)]) as BuildOptions;
  const result = await build({ ...options, entryPoints: [entry], outfile: "budget-check.cjs", write: false, metafile: true });
  const output = Object.values(result.metafile?.outputs ?? {})[0];
  const modules = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    if (bytesInOutput === 0) continue;
    const name = moduleName(input);
    modules.set(name, (modules.get(name) ?? 0) + bytesInOutput);
  }
  return modules;
}

/** What a bundle carries beyond its budget: each module new to it, with its bytes, and growth past the slack. */
export function budgetProblems(budget: BundleBudget, modules: ReadonlyMap<string, number>): string[] {
  const known = new Set(budget.modules);
  const problems = [...modules]
    .filter(([name]) => !known.has(name))
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name} (+${bytes} bytes) is new in ${budget.bundle}, which every piped snippet and default answer loads`);
  const bytes = [...modules.values()].reduce((sum, size) => sum + size, 0);
  if (bytes > budget.bytes * (1 + budget.slack))
    problems.push(`${budget.bundle} grew from ${budget.bytes} to ${bytes} bytes of modules, more than ${Math.round(budget.slack * 100)}%`);
  return problems;
}

/** The budget of what the bundle carries now. */
export const budgetOf = (budget: Omit<BundleBudget, "bytes" | "modules">, modules: ReadonlyMap<string, number>): BundleBudget => ({
  ...budget,
  bytes: [...modules.values()].reduce((sum, size) => sum + size, 0),
  modules: [...modules.keys()].sort(),
});
