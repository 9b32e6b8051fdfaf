import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { installedNames, pypiName } from "../helpers/package-names.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Install names cover imports (issue 32): every module a Python library snippet imports is provided by a package of
 * its own install line, or is the standard library. The snippets' imports are read with Python's ast
 * (test/python/snippet_imports.py); which distribution provides a module is read from the packages' own metadata
 * (importlib.metadata.packages_distributions() in .venv-libraries) and, for packages not installed here, from the
 * commented table test/fixtures/install/import-names.json, which also lists the deliberate exceptions with a reason.
 */

interface ImportTable {
  /** Modules of packages not installed here: the packages that provide each, or the repository a line clones or installs. */
  modules: Record<string, { packages?: string[]; sources?: string[]; why: string }>;
  /** `<library>/<module>` pairs left uncovered on purpose, each with its reason. */
  exceptions: Record<string, string>;
}

const librariesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const helper = fileURLToPath(new URL("../python/snippet_imports.py", import.meta.url));
const table = JSON.parse(readFileSync(fileURLToPath(new URL("../fixtures/install/import-names.json", import.meta.url)), "utf8")) as ImportTable;
const parse = (value: unknown): ModelRecord => ModelRecordSchema.parse(value);

interface PythonSnippet {
  name: string;
  library: string;
  code: string;
  install: string;
}

/** Every Python library snippet of the library fixtures and of each library's bare record, each named by its source. */
function pythonSnippets(): PythonSnippet[] {
  const fixtures = readdirSync(librariesDir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => [file.slice(0, -".json".length), parse(JSON.parse(readFileSync(`${librariesDir}${file}`, "utf8")))] as const);
  const bare = libraryKeysWithRecipes().map((key) => [`bare:${key}`, parse({ id: "someone/some-model", library_name: key })] as const);
  return [...fixtures, ...bare].flatMap(([source, model]) =>
    getLibrarySnippets(model)
      .filter((snippet) => snippet.language === "python")
      .map((snippet, index) => ({ name: `${source}#${index}`, library: snippet.client, code: snippet.content, install: snippet.install ?? "" })),
  );
}

interface Answer {
  imports: Record<string, string[]>;
  stdlib: string[];
  distributions: Record<string, string[]>;
}

const available = venvHas(["ast"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries");

describe.skipIf(!available)("install names cover imports: every Python library snippet's imports come from its install line", () => {
  const snippets = pythonSnippets();
  const run = spawnSync(librariesPython, [helper], {
    input: JSON.stringify(snippets.map(({ name, code }) => ({ name, code }))),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const answer = (run.status === 0 ? JSON.parse(run.stdout) : { imports: {}, stdlib: [], distributions: {} }) as Answer;
  const stdlib = new Set(answer.stdlib);

  /** The packages that provide a module: the installed distributions' own metadata, else the table. */
  const providers = (module: string): string[] => [...(answer.distributions[module] ?? []), ...(table.modules[module]?.packages ?? [])].map(pypiName);

  /** How a module is covered: the standard library, the packages' metadata or the table, a repository, its own name, an exception. */
  type Cover = "stdlib" | "package" | "source" | "same-name" | "exception" | undefined;
  function coverOf(snippet: PythonSnippet, installed: Set<string>, module: string): Cover {
    if (stdlib.has(module)) return "stdlib";
    if (providers(module).some((name) => installed.has(name))) return "package";
    if ((table.modules[module]?.sources ?? []).some((source) => snippet.install.includes(source))) return "source";
    // Unknown here and in the table: the import name is the package's own (gliner, sae_lens from sae-lens).
    if (!Object.hasOwn(answer.distributions, module) && !Object.hasOwn(table.modules, module) && installed.has(pypiName(module))) return "same-name";
    if (Object.hasOwn(table.exceptions, `${snippet.library}/${module}`)) return "exception";
    return undefined;
  }

  const checked = snippets.map((snippet) => {
    const installed = new Set(installedNames(snippet.install).pip.map(pypiName));
    const modules = answer.imports[snippet.name] ?? [];
    const covers = modules.map((module) => coverOf(snippet, installed, module));
    return { snippet, modules, covers, uncovered: modules.filter((_, index) => covers[index] === undefined) };
  });

  it("reads the imports of every snippet", () => {
    expect(run.stderr).toBe("");
    expect(Object.keys(answer.imports)).toHaveLength(snippets.length);
    const count = (cover: Cover) => checked.reduce((sum, { covers }) => sum + covers.filter((each) => each === cover).length, 0);
    const imports = checked.reduce((sum, { modules }) => sum + modules.length, 0);
    const libraries = new Set(snippets.map((snippet) => snippet.library)).size;
    console.log(
      `install names cover imports: ${snippets.length} Python library snippets of ${libraries} libraries, ${imports} imports: ` +
        `${count("stdlib")} standard library, ${count("package")} by a package of the line (metadata or table), ${count("source")} by the repository the line installs, ` +
        `${count("same-name")} by a package of the import's own name, ${count("exception")} deliberate exceptions, ${count(undefined)} uncovered`,
    );
  });

  it("every third-party import maps to a package of the snippet's install line", () => {
    const mismatches = checked.flatMap(({ snippet, uncovered }) =>
      uncovered.map(
        (module) =>
          `${snippet.name} (${snippet.library}): imports ${module} [${providers(module).join(", ") || "no known package"}], installs: ${snippet.install || "nothing"}`,
      ),
    );
    expect(mismatches).toEqual([]);
  });

  it("the table's exceptions are all still needed", () => {
    const used = new Set(checked.flatMap(({ snippet, modules }) => modules.map((module) => `${snippet.library}/${module}`)));
    expect(Object.keys(table.exceptions).filter((key) => !used.has(key))).toEqual([]);
  });
});
