import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

describe("the views' bundle", () => {
  it("loads and draws a table without starting perf_hooks (React's scheduler reads Date.now)", () => {
    // A child process: the bundle, loaded through the CLI's loader, draws a table to a pipe, then says which of
    // Node's perf modules it loaded.
    const script = `
      const before = new Set(process.moduleLoadList);
      const views = require(${JSON.stringify(join(root, "scripts", "cli-bundle", "loader.cjs"))}).loadBundle("ui");
      views.showTable({ headers: ["ID"], rows: [["fill-mask"]] });
      process.stderr.write(JSON.stringify(process.moduleLoadList.filter((name) => !before.has(name) && /perf_hooks|perf\\/(performance|nodetiming|usertiming)$/.test(name))));
    `;
    const run = spawnSync(process.execPath, ["-e", script], { cwd: root, encoding: "utf8", env: { ...process.env, HUB_SNIPPETS_CODE_CACHE: "off" } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain("fill-mask");
    expect(JSON.parse(run.stderr)).toEqual([]);
  });
});
