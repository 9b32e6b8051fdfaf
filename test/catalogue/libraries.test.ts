import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { getLibrary, listLibraries, listLibraryKeys } from "../../src/catalogue/libraries.js";
import { LibrarySchema } from "../../src/catalogue/schema.js";
import { recipeKeys } from "../../src/snippets/libraries/recipe-keys.js";
import { dataDir } from "../../src/paths.js";
import { firstIssue } from "../../src/validation/json-path.js";
import { readReference } from "../helpers/reference.js";

interface ReferenceLibrary {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  filter: boolean;
  countDownloads?: string;
  hasSnippets: boolean;
}

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

  const reference = readReference<ReferenceLibrary[]>("libraries.json");
  const referenceTasks = readReference<Record<string, string[]>>("library-tasks.json");

  it.skipIf(!reference)("holds every library of the reference (all 257), with the same facts", () => {
    const expected = (reference ?? []).map(({ hasSnippets: _hasSnippets, ...facts }) => facts);
    // GGUF is a file format the Hub lists as a library, not a row of its library registry.
    const actual = listLibraries()
      .filter((library) => !library.fileFormat)
      .map(({ tasks: _tasks, install: _install, ...facts }) => facts);
    expect(actual).toHaveLength(257);
    expect(actual).toEqual(expected);
  });

  it.skipIf(!referenceTasks)("gives each library the tasks of the reference's library-tasks", () => {
    for (const library of listLibraries()) expect(library.tasks, library.key).toEqual(referenceTasks?.[library.key] ?? []);
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
