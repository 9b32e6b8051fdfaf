import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a build script, without type declarations
import { listSource, registryLists } from "../../scripts/registry-lists.mjs";
import { datasetClients } from "../../src/dataset/clients.js";
import { datasetClientNames } from "../../src/dataset/client-names.js";
import { libraryGenerators } from "../../src/libraries/registry.js";
import { recipeKeys } from "../../src/libraries/recipe-keys.js";
import { appKeys } from "../../src/catalogue/app-key-list.js";
import { appRecipes } from "../../src/apps/registry.js";

/*
 * A registry's row is its registration: the lists of names kept beside a registry (so that asking for a name loads
 * no generator) are generated from its rows by scripts/registry-lists.mjs, and are what it would write now.
 */

interface RegistryList {
  file: string;
  registry: string;
  names: (registry: unknown) => string[];
}

const lists = registryLists as RegistryList[];
const root = new URL("../../", import.meta.url);
const registries: Record<string, unknown> = {
  "src/libraries/registry.ts": { libraryGenerators },
  "src/dataset/clients.ts": { datasetClients },
  "data/apps.json": JSON.parse(readFileSync(new URL("data/apps.json", root), "utf8")),
};

describe("the lists generated from the registries' rows", () => {
  it.each(lists.map((list) => [list.file, list] as const))("%s is what node scripts/registry-lists.mjs writes from its registry now", (file, list) => {
    const names = list.names(registries[list.registry]);
    expect(names.length).toBeGreaterThan(10);
    expect(readFileSync(new URL(file, root), "utf8"), "run node scripts/registry-lists.mjs").toBe(listSource(list, names));
  });

  it("name the library registry's rows and the dataset client table's rows, in their order", () => {
    expect(recipeKeys).toEqual(Object.keys(libraryGenerators));
    expect(datasetClientNames).toEqual(datasetClients.map((row) => row.client));
  });

  it("type the app recipes by data/apps.json's keys: one row per app", () => {
    expect(Object.keys(appRecipes).sort()).toEqual([...appKeys].sort());
  });
});
