import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { budgetOf, budgetProblems, bundleModules, type BundleBudget } from "../helpers/bundle-budget.js";

/*
 * A deterministic budget of the piped path (issue 64): the modules dist/snippet.cjs carries, which every piped
 * `snippet` command line and every default answer parses, held to the committed set
 * (test/fixtures/budget/snippet-bundle.json). A module new to it fails with its name: code that only an option
 * needs (--deploy, --notebook, --policy, --tools, the browser) belongs in a bundle of its own, loaded when asked
 * for, as dist/deploy.cjs is. HUB_SNIPPETS_BUDGET_UPDATE=1 takes the budget anew, on purpose, when a module does
 * belong there (say why in the commit). Not a timed test: the bench measures time.
 */

const budgetFile = new URL("../fixtures/budget/snippet-bundle.json", import.meta.url);
const bundle = { bundle: "dist/snippet.cjs", entry: "scripts/cli-bundle/entries/snippet.ts", slack: 0.03 };

describe("the piped path's budget", () => {
  it("names a module that a change puts on the path (a --tools module, say), and growth past the slack", () => {
    const budget: BundleBudget = { ...bundle, bytes: 1000, modules: ["src/cli/main.ts"] };
    const grown = new Map([
      ["src/cli/main.ts", 1000],
      ["src/cli/tools-file.ts", 120],
    ]);
    expect(budgetProblems(budget, grown)).toEqual([
      "src/cli/tools-file.ts (+120 bytes) is new in dist/snippet.cjs, which every piped snippet and default answer loads",
      "dist/snippet.cjs grew from 1000 to 1120 bytes of modules, more than 3%",
    ]);
    expect(budgetProblems(budget, new Map([["src/cli/main.ts", 1020]]))).toEqual([]);
  });

  it("fails when the piped path imports --tools' code, naming the module", async () => {
    // The snippet bundle's entry with one import more: what a change that imported tools.ts from the snippet command did.
    const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-budget-"));
    onTestFinished(() => rmSync(scratch, { recursive: true, force: true }));
    const entry = join(scratch, "entry.ts");
    const repository = fileURLToPath(new URL("../..", import.meta.url));
    writeFileSync(entry, `import "${repository}${bundle.entry}";\nimport { toolsOf } from "${repository}src/inference/tools.ts";\nconsole.log(toolsOf);\n`);
    const budget = JSON.parse(readFileSync(budgetFile, "utf8")) as BundleBudget;
    expect(budgetProblems(budget, await bundleModules(entry))).toContainEqual(
      expect.stringMatching(/^src\/inference\/tools\.ts \(\+\d+ bytes\) is new in dist\/snippet\.cjs/),
    );
  }, 60_000);

  it("holds dist/snippet.cjs to the modules of the committed budget", async () => {
    const modules = await bundleModules(bundle.entry);
    if (process.env.HUB_SNIPPETS_BUDGET_UPDATE === "1") writeFileSync(budgetFile, `${JSON.stringify(budgetOf(bundle, modules), null, 1)}\n`);
    // A missing budget fails: it is taken on purpose, never by the check itself.
    expect(existsSync(budgetFile), "the budget (HUB_SNIPPETS_BUDGET_UPDATE=1 takes it)").toBe(true);
    const budget = JSON.parse(readFileSync(budgetFile, "utf8")) as BundleBudget;
    expect(budgetProblems(budget, modules)).toEqual([]);
  }, 60_000);
});
