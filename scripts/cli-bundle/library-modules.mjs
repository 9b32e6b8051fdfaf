// The library generators as one bundle per module of src/libraries/ (dist/libraries-<module>.cjs), and
// the table of which module holds which library's generator, which the CLI's bundles carry in place of the
// registry (swaps/library-generator-bundled.ts). A default answer or `snippet --library` writes one library's
// loading code: it used to load all 125 generators (dist/libraries.cjs, its 112 KB code cache and a top level that
// built every generator, ~14M main-thread instructions on Node 20); it now loads the one module it needs.
import { build } from "esbuild";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { installsAtBuild } from "./esbuild-plugins.mjs";

const librariesDir = fileURLToPath(new URL("../../src/libraries/", import.meta.url));

/**
 * For every library key of the registry: the module (file name without .ts) and export that hold its generator.
 * Found by identity: the registry and every module are bundled together and loaded once here, and each registry
 * entry is matched with the export that is the very same function, so the table cannot drift from the registry.
 */
export async function libraryModuleTable(nodeBundle) {
  const modules = readdirSync(librariesDir)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.slice(0, -3));
  const imports = modules.map((module, index) => `import * as m${index} from ${JSON.stringify(`./${module}.js`)};`).join("\n");
  const contents = `${imports}
import { libraryGenerators } from "./registry.js";
const modules = { ${modules.map((module, index) => `${JSON.stringify(module)}: m${index}`).join(", ")} };
export const table = {};
for (const [key, generator] of Object.entries(libraryGenerators)) {
  for (const [module, exports] of Object.entries(modules)) {
    if (module === "registry") continue;
    const name = Object.keys(exports).find((name) => exports[name] === generator);
    if (name !== undefined) { table[key] = [module, name]; break; }
  }
  if (!table[key]) throw new Error("library-modules: no module exports the generator of " + key);
}
`;
  const result = await build({
    ...nodeBundle,
    stdin: { contents, resolveDir: librariesDir, loader: "ts" },
    format: "esm",
    write: false,
    plugins: [installsAtBuild],
  });
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-modules-"));
  try {
    const file = join(scratch, "table.mjs");
    writeFileSync(file, result.outputFiles[0].text);
    return (await import(pathToFileURL(file).href)).table;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Builds dist/libraries-<module>.cjs for every module the table names, with the CLI bundles' options: beside the
 * other bundles, since a bundle finds data/ and templates/ one level up (src/paths.ts).
 */
export async function buildLibraryModules(cliBundle, table) {
  const modules = [...new Set(Object.values(table).map(([module]) => module))].sort();
  const entryPoints = Object.fromEntries(modules.map((module) => [`libraries-${module}`, join(librariesDir, `${module}.ts`)]));
  return build({ ...cliBundle, entryPoints, outdir: fileURLToPath(new URL("../../dist/", import.meta.url)), outExtension: { ".js": ".cjs" } });
}

/**
 * The table, as the module the bundles import it from (`hub-snippets:library-modules`): a function that builds it on
 * first call, so the snippet commands that write no loading code (most) never build its 125 entries.
 */
export function libraryModulesAtBuild(table) {
  return {
    name: "library-modules-at-build",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^hub-snippets:library-modules$/ }, () => ({ path: "library-modules", namespace: "hub-snippets" }));
      pluginBuild.onLoad({ filter: /^library-modules$/, namespace: "hub-snippets" }, () => ({
        contents: `let table;\nexport const libraryModules = () => (table ??= ${JSON.stringify(table)});`,
        loader: "js",
      }));
    },
  };
}

const tableFile = fileURLToPath(new URL("../../dist/library-modules.json", import.meta.url));

/** Keeps the table beside the bundles, for the code-cache training (train-code-cache.mjs) and the tests. */
export function writeLibraryModuleTable(table) {
  writeFileSync(tableFile, `${JSON.stringify(table, null, 1)}\n`);
}

/** The table the last build wrote; empty before any build. */
export function readLibraryModuleTable() {
  return existsSync(tableFile) ? JSON.parse(readFileSync(tableFile, "utf8")) : {};
}
