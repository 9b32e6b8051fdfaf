import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listLibraries } from "../../src/catalogue/libraries.js";
import type { Library, RecipeCheck } from "../../src/catalogue/schema.js";
import { recipeKeys } from "../../src/libraries/recipe-keys.js";
import { executedLibraries, signatureCheckedLibraries } from "../helpers/proven-libraries.js";
import { pypiName } from "../helpers/package-names.js";

/** Every library recipe says what it was last checked against (issue 34), and that is no older than what installs today. */

const packageNames = JSON.parse(readFileSync(new URL("../fixtures/install/package-names.json", import.meta.url), "utf8")) as {
  pip: Record<string, { version: string }>;
  npm: Record<string, { version: string }>;
};
const latestPip = new Map(Object.entries(packageNames.pip).map(([name, entry]) => [pypiName(name), entry.version]));
const latestNpm = new Map(Object.entries(packageNames.npm).map(([name, entry]) => [name, entry.version]));

/** Release numbers compared part by part (1.10 after 1.9); a pre-release suffix sorts before its release. */
function compareVersions(a: string, b: string): number {
  const parts = (version: string) =>
    version
      .split(/[.+-]/)
      .map((part) => /^\d+/.exec(part)?.[0] ?? "")
      .map(Number);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const recipeLibraries = listLibraries().filter((library) => (recipeKeys as readonly string[]).includes(library.key));
const checks = recipeLibraries.flatMap((library) => (library.checked ? [{ library, check: library.checked }] : []));

/** The version that installs today, where the checked package is one our install lines name. */
function latestOf(library: Library, check: RecipeCheck): string | undefined {
  if (check.package === undefined) return undefined;
  const name = check.package.replace(/\[.*\]$/, "");
  return library.install?.npm?.includes(name) ? latestNpm.get(name) : latestPip.get(pypiName(name));
}

/** A record's notes and symbols, the text that says where its code was read. */
const recipeText = (check: RecipeCheck) => [check.notes ?? "", ...check.symbols].join("\n");

/** Words that say the code was read on a moving branch rather than at a release or a commit. */
const branchRead = /\b(default|main|master) branch\b/i;

const commitId = /^[0-9a-f]{7,40}$/;

/**
 * The words after "at" that name where a file was read: a token of letters and digits with a digit in it
 * ("at 60df4dc", "at v1.2"), not "at this commit" or "at 2 places" (a number alone).
 */
function readAtWords(text: string): string[] {
  return [...text.matchAll(/\bat ([A-Za-z0-9][\w.-]*[A-Za-z0-9]|[0-9a-f]{7,40})(?=[\s),;:]|$)/g)]
    .map((match) => match[1]!)
    .filter((word) => /\d/.test(word) && /[a-z]/i.test(word));
}

describe("recipe checks", () => {
  it("every library with a recipe records what its recipe was checked against", () => {
    const missing = recipeLibraries.filter((library) => library.checked === undefined).map((library) => library.key);
    expect(missing, `libraries whose recipe has no 'checked' record in data/libraries.json: ${missing.join(", ")}`).toEqual([]);
    expect(recipeLibraries).toHaveLength(recipeKeys.length);
  });

  it("only libraries with a recipe have a check", () => {
    const stray = listLibraries().filter((library) => library.checked && !(recipeKeys as readonly string[]).includes(library.key));
    expect(stray.map((library) => library.key)).toEqual([]);
  });

  it("checks a package no older than the version its install line fetches today, unless it says why", () => {
    const stale = checks.flatMap(({ library, check }) => {
      const latest = latestOf(library, check);
      return latest !== undefined && compareVersions(check.version!, latest) < 0 && check.olderThanLatest === undefined
        ? [`${library.key}: ${check.package} ${check.version} < ${latest}, and olderThanLatest does not say why`]
        : [];
    });
    expect(stale).toEqual([]);
  });

  it("calls a recipe executed or signature-checked only where the suite proves it so", () => {
    const wrong = checks.flatMap(({ library, check }) => {
      const proof = executedLibraries.includes(library.key) ? "executed" : signatureCheckedLibraries.includes(library.key) ? "signature" : "read";
      return check.proof === proof ? [] : [`${library.key}: recorded ${check.proof}, the suite gives ${proof}`];
    });
    expect(wrong).toEqual([]);
  });

  it("names the commit it read where its notes say it read a branch, not a release's version", () => {
    const wrong = checks.flatMap(({ library, check }) =>
      branchRead.test(recipeText(check)) && check.commit === undefined
        ? [`${library.key}: says it was read on a branch but names ${check.package} ${check.version}, not the commit read`]
        : [],
    );
    expect(wrong).toEqual([]);
  });

  it("names each commit a symbol or note was read at as a commit id, and has a commit where it says 'at this commit'", () => {
    const wrong = checks.flatMap(({ library, check }) => [
      ...readAtWords(recipeText(check))
        .filter((word) => !commitId.test(word))
        .map((word) => `${library.key}: read 'at ${word}', which is not a commit id`),
      ...(/\bat this commit\b/.test(recipeText(check)) && check.commit === undefined ? [`${library.key}: says 'at this commit' and names no commit`] : []),
    ]);
    expect(wrong).toEqual([]);
  });

  it("finds a branch read and the words read at in the text of a record", () => {
    const record = (notes: string, symbols: string[] = ["x"]): RecipeCheck => ({
      package: "p",
      version: "1.0",
      date: "2026-01-01",
      symbols,
      proof: "read",
      notes,
    });
    expect(branchRead.test(recipeText(record("Read src/a.py on the default branch (1.0 is its latest release).")))).toBe(true);
    expect(branchRead.test(recipeText(record("Read in the 1.0 wheel.")))).toBe(false);
    expect(readAtWords(recipeText(record("a.py at 60df4dc, b.py at 8528f4cc68084c479e93ec82f0458bf793cea8d8", ["f() (c.py at v1.2)"])))).toEqual([
      "60df4dc",
      "8528f4cc68084c479e93ec82f0458bf793cea8d8",
      "v1.2",
    ]);
    expect(readAtWords(recipeText(record("read at this commit, at the root, at 2 places")))).toEqual([]);
  });

  it("prints the proofs' counts", () => {
    const count = (proof: RecipeCheck["proof"]) => checks.filter(({ check }) => check.proof === proof).length;
    const releases = checks.filter(({ check }) => check.package !== undefined).length;
    const older = checks.filter(({ check }) => check.olderThanLatest !== undefined).map(({ library }) => library.key);
    console.log(
      `recipe checks: ${checks.length} of ${recipeKeys.length} recipes: ${count("executed")} executed / ${count("signature")} signature-checked / ${count("read")} read only; ` +
        `${releases} against a package release, ${checks.length - releases} against a repository commit alone; ${older.length} read at an older release than today's, each saying why${older.length > 0 ? ` (${older.join(", ")})` : ""}`,
    );
    expect(checks.length).toBeGreaterThan(0);
  });

  it("compares versions part by part", () => {
    expect(compareVersions("1.10.0", "1.9.2")).toBeGreaterThan(0);
    expect(compareVersions("0.3.0", "0.3")).toBe(0);
    expect(compareVersions("2.0.0", "2.1")).toBeLessThan(0);
  });
});
