import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { oraclePackages, oracleSummary } from "../helpers/oracle.js";

/*
 * The fact tests (data, libraries, quant, app-snippets, providers-table) hold the catalogue against the published
 * packages that test/helpers/oracle.ts reads. This file checks that the packages installed are the ones pinned, and
 * prints, once per run, how many facts the oracle holds and from which versions.
 */

const root = fileURLToPath(new URL("../../", import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}package.json`, "utf8")) as { devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(`${root}package-lock.json`, "utf8")) as { packages: Record<string, { version?: string }> };

afterAll(() => console.info(oracleSummary()));

describe("the fact oracle", () => {
  it("pins both oracle packages exactly in package.json, and those versions are the ones installed", () => {
    for (const [name, installed] of [
      ["@huggingface/tasks", oraclePackages.tasks.version],
      ["@huggingface/inference", oraclePackages.inference.version],
    ] as const) {
      const pin = manifest.devDependencies[name];
      expect(pin, `package.json pins ${name} to one version (no range), so the facts do not move under the tests`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(installed, `node_modules/${name} is not the pinned version: run npm ci`).toBe(pin);
    }
  });

  it("runs the versions package-lock.json records", () => {
    expect(oraclePackages.tasks.version).toBe(lock.packages["node_modules/@huggingface/tasks"]?.version);
    expect(oraclePackages.inference.version).toBe(lock.packages["node_modules/@huggingface/inference"]?.version);
  });

  it("gives @huggingface/inference the same @huggingface/tasks, so the provider facts and the task facts are of one version", () => {
    const fromInference = createRequire(oraclePackages.inference.packageJson).resolve("@huggingface/tasks/package.json");
    expect(fromInference).toBe(oraclePackages.tasks.packageJson);
  });
});
