import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { processCases } from "../helpers/process-cases.js";

/* scripts/test-group.mjs splits the suite into the groups of the fast loop: together they are the whole suite, once. */

const root = fileURLToPath(new URL("../../", import.meta.url));
const groups = ["unit", "cli", "e2e", "execution"];

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return ["node_modules", "fixtures"].includes(entry.name) ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(root, path)] : [];
  });
}

const listed = (group: string) => {
  const run = spawnSync(process.execPath, ["scripts/test-group.mjs", group, "--list"], { cwd: root, encoding: "utf8" });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.split("\n").filter(Boolean);
};

describe("the test groups", () => {
  it("hold every test file, each in one group", () => {
    const all = groups.flatMap(listed);
    expect(all.slice().sort()).toEqual(testFiles(join(root, "test")).sort());
  });

  it("put no file that starts a process in the unit group", () => {
    const unit = listed("unit");
    expect(unit).toContain("test/catalogue/data.test.ts");
    expect(unit).not.toContain("test/architecture/test-groups.test.ts");
    expect(unit).not.toContain("test/snippets/library-fixtures.test.ts");
  });

  it("keep the rule files in the unit group, their CLI and package cases in files of their own", () => {
    const unit = listed("unit");
    for (const rules of [
      "test/catalogue/quant.test.ts",
      "test/snippets/app-memory.test.ts",
      "test/snippets/gguf-bartowski.test.ts",
      "test/dataset/card-rules.test.ts",
      "test/deploy/engine-rules.test.ts",
      "test/deploy/decide.test.ts",
      "test/deploy/azure.test.ts",
      "test/deploy/vertex.test.ts",
      "test/snippets/hub-records.test.ts",
    ])
      expect(unit).toContain(rules);
  });

  it("keep no rule file out of the unit group for one case that starts a process", () => {
    // Files whose process-starting cases the count cannot see, and why they stay.
    const allowed: Record<string, string> = {
      "test/snippets/hostile-pinned.test.ts": "its runs are cases generated per pinned URL, over one recorder pool",
    };
    const testDir = join(root, "test");
    const lone = listed("execution").filter((file) => {
      const { cases, starting } = processCases(join(root, file), testDir);
      return cases >= 3 && starting.size === 1 && !starting.has(-1);
    });
    expect(lone.filter((file) => !Object.hasOwn(allowed, file))).toEqual([]);
    expect(
      Object.keys(allowed).filter((file) => !lone.includes(file)),
      "allowed files that no longer need it",
    ).toEqual([]);
  });

  it("are counted as the contributor's guide says", () => {
    const guide = readFileSync(join(root, "docs", "contributing.md"), "utf8");
    const said = /(\d+) files, [^)]*\), then the/.exec(guide.replaceAll("\n", " "));
    expect(said?.[1], "the guide's count of the unit group's files").toBe(String(listed("unit").length));
  });

  it("refuses an unknown group with exit 2", () => {
    const run = spawnSync(process.execPath, ["scripts/test-group.mjs", "units"], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: node scripts/test-group.mjs <unit|cli|e2e|execution>");
  });
});
