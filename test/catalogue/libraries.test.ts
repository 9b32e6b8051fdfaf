import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { getLibrary, listLibraries, listLibraryKeys } from "../../src/catalogue/libraries.js";
import { LibrarySchema } from "../../src/catalogue/schema.js";
import { recipeKeys } from "../../src/libraries/recipe-keys.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { byKey, factDifferences, oracleLibraries, oracleLibraryTasks, tasksPackage, type Facts } from "../helpers/oracle.js";

const data: unknown = JSON.parse(readFileSync(`${dataDir}libraries.json`, "utf8"));

describe("the library registry (data/libraries.json)", () => {
  it("matches the library schema", () => {
    const result = z.array(LibrarySchema).safeParse(data);
    expect(result.success ? undefined : `data/libraries.json ${firstIssue(result.error)}`).toBeUndefined();
  });

  it("is ASCII, other characters written as \\u escapes: read as a one-byte string, which JSON.parse reads several times faster (two emoji made the whole file two-byte)", () => {
    const text = readFileSync(`${dataDir}libraries.json`, "utf8");
    expect([...text].filter((char) => char.charCodeAt(0) > 0x7f)).toEqual([]);
  });

  it("holds every library that has a loading recipe (snippet --library reads the registry only for its messages)", () => {
    const keys = new Set(listLibraryKeys());
    expect(recipeKeys.filter((key) => !keys.has(key))).toEqual([]);
  });

  it("has each key once", () => {
    const keys = listLibraryKeys();
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe(`the library registry agrees with ${tasksPackage}`, () => {
  // What a recipe was checked against (issue 34) is ours alone, like the install names. GGUF is a file format the
  // Hub lists as a library (library_name gguf), not a row of the package's library registry: the registry keeps
  // it, marked fileFormat, and these facts leave it out.
  const libraries = listLibraries().filter((library) => !library.fileFormat);

  it("holds every library of the package and no other, with its label, repository, docs URL, filter flag and download query", () => {
    const oracle = oracleLibraries.map(({ hasSnippets: _hasSnippets, ...facts }) => facts);
    const ours = libraries.map(({ tasks: _tasks, install: _install, about: _about, fileFormat: _fileFormat, checked: _checked, ...facts }) => facts);
    expect(factDifferences("library", tasksPackage, byKey(oracle, "key"), "data/libraries.json", byKey(ours, "key"))).toEqual([]);
    expect(
      libraries.map((library) => library.key),
      `data/libraries.json lists the libraries in ${tasksPackage}'s order`,
    ).toEqual(oracle.map((library) => library.key));
  });

  it("names the fact when one is wrong: a library key removed from the registry, or a changed repository URL", () => {
    const oracle = oracleLibraries.map(({ hasSnippets: _hasSnippets, ...facts }) => facts);
    const ours = libraries.map(({ tasks: _tasks, install: _install, about: _about, fileFormat: _fileFormat, checked: _checked, ...facts }) => facts);
    const damaged = ours
      .filter((library) => library.key !== "diffusers")
      .map((library) => (library.key === "timm" ? { ...library, repoUrl: "https://example.com/timm" } : library));
    expect(factDifferences("library", tasksPackage, byKey(oracle, "key"), "data/libraries.json", byKey(damaged, "key"))).toEqual([
      `library 'diffusers' is in ${tasksPackage} but missing from data/libraries.json`,
      `library 'timm' repoUrl is "https://github.com/rwightman/pytorch-image-models" in ${tasksPackage} but "https://example.com/timm" in data/libraries.json`,
    ]);
  });

  it("has a loading recipe for exactly the libraries the package has snippets for", () => {
    // gguf, the file format left out above, has a recipe too (llama-cpp-python); the package has no row for it.
    const fileFormats = new Set(
      listLibraries()
        .filter((library) => library.fileFormat)
        .map((library) => library.key),
    );
    const recipes = new Set<string>(recipeKeys.filter((key) => !fileFormats.has(key)));
    const oracle = oracleLibraries.map((library) => [library.key, { hasSnippets: library.hasSnippets }] as [string, Facts]);
    const keys = new Set([...oracleLibraries.map((library) => library.key), ...recipes]);
    const ours = [...keys].map((key) => [key, { hasSnippets: recipes.has(key) }] as [string, Facts]);
    expect(factDifferences("library", tasksPackage, oracle, "src/libraries/registry.ts", ours)).toEqual([]);
  });

  it("gives each library the tasks of the package's LIBRARY_TASK_MAPPING (none where it names none)", () => {
    const keys = new Set([...oracleLibraries.map((library) => library.key), ...Object.keys(oracleLibraryTasks)]);
    const oracle = [...keys].map((key) => [key, { tasks: oracleLibraryTasks[key] ?? [] }] as [string, Facts]);
    const ours = libraries.map((library) => [library.key, { tasks: library.tasks }] as [string, Facts]);
    expect(factDifferences("library", tasksPackage, oracle, "data/libraries.json", ours)).toEqual([]);
  });
});

describe("listLibraries and getLibrary", () => {
  it("filters by Hub filter flag, search text and task", () => {
    expect(listLibraries({ filterOnly: true }).every((library) => library.filter)).toBe(true);
    expect(listLibraries({ filterOnly: true }).length).toBeLessThan(listLibraries().length);
    expect(listLibraries({ search: "DIFFUS" }).map((library) => library.key)).toContain("diffusers");
    expect(listLibraries({ task: "text-to-image" }).every((library) => library.tasks.includes("text-to-image"))).toBe(true);
    expect(listLibraries({ task: "no-such-task" })).toEqual([]);
  });

  it("finds a library by its exact key only", () => {
    expect(getLibrary("timm")?.prettyLabel).toBe("timm");
    expect(getLibrary("Timm")).toBeUndefined();
  });
});
