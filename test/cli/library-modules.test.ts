import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema } from "../../src/model/record.js";
import { recipeKeys } from "../../src/libraries/recipe-keys.js";
import { runCliBatch } from "../helpers/cli-batch.js";
import { getLibrarySnippets, libraryKeyOf } from "../helpers/record-twins.js";
import { loadScaled } from "../helpers/load-scaled.js";

/*
 * The CLI loads one library's generator from the bundle of its module (dist/libraries-<module>.cjs, through the
 * table the build writes in): for every library fixture, `snippet --library --json` as a real process prints the
 * very snippets the registry's generator writes, and loads exactly one module bundle, so a table entry pointing at
 * the wrong module or export, or a module bundle missing, fails here.
 */
const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const fixtures = readdirSync(fixturesDir)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => ({ path: join(fixturesDir, file), model: ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, file), "utf8"))) }))
  .filter(({ model }) => getLibrarySnippets(model).length > 0);

// A module bundle the build did not train leaves a cache in the user's cache folder: this run's, not the user's.
const cacheHome = mkdtempSync(join(tmpdir(), "hub-snippets-library-modules-"));
afterAll(() => rmSync(cacheHome, { recursive: true, force: true }));

describe("library generators from their module bundles", () => {
  it("the build's table names a module and export for every library with a recipe, and nothing else", () => {
    const table = JSON.parse(readFileSync(fileURLToPath(new URL("../../dist/library-modules.json", import.meta.url)), "utf8")) as Record<
      string,
      [string, string]
    >;
    expect(Object.keys(table).sort()).toEqual([...recipeKeys].sort());
    expect(table["transformers"]).toEqual(["transformers", "transformersSnippets"]);
  });

  it("every library fixture prints its registry generator's snippets, loading one module bundle", { timeout: loadScaled(120_000) }, async () => {
    const outcomes = await runCliBatch(
      fixtures.map(({ path }) => ({ args: ["snippet", path, "--library", "--json"], env: { HUB_SNIPPETS_DEBUG: "1", XDG_CACHE_HOME: cacheHome } })),
    );
    const keys = new Set<string>();
    fixtures.forEach(({ path, model }, index) => {
      const outcome = outcomes[index]!;
      expect(outcome.code, `${path}: ${outcome.stderr}`).toBe(0);
      const printed = (JSON.parse(outcome.stdout) as { content: string; client: string }[]).map(({ content, client }) => ({ content, client }));
      expect(printed, path).toEqual(getLibrarySnippets(model).map(({ content, client }) => ({ content, client })));
      const loaded = outcome.stderr.split("\n").filter((line) => line.includes("code cache for libraries-"));
      expect(loaded, path).toHaveLength(1);
      keys.add(libraryKeyOf(model) ?? "");
    });
    // The fixtures reach most of the 125 libraries, so most table entries are checked.
    expect(keys.size).toBeGreaterThan(100);
  });
});
