#!/usr/bin/env node
// Runs one group of the test suite, for a fast loop while working:
//   unit       tests that start no process (neither import node:child_process nor a test helper that does),
//   cli        the CLI and the package, run as a user runs them (test/cli/, test/package/),
//   e2e        the browser in tmux and whole journeys (test/e2e/),
//   execution  every other test that starts processes: snippets run on the real SDKs, notebooks, differentials.
// The groups split `npm test` without overlap. Usage: node scripts/test-group.mjs <group> [--list] [vitest options…]
import { spawnSync } from "node:child_process";
import { dirname, join, relative, resolve } from "node:path";
import { processStarter } from "./test-imports.mjs";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const groups = ["unit", "cli", "e2e", "execution"];
const [group, ...rest] = process.argv.slice(2);
if (!groups.includes(group)) {
  console.error(`usage: node scripts/test-group.mjs <${groups.join("|")}> [--list] [vitest options…]`);
  process.exit(2);
}

const testDir = join(root, "test");
const { modules, startsProcesses } = processStarter(testDir);

const tests = modules.filter((file) => /\.test\.tsx?$/.test(file)).sort();
const groupOf = (file) => {
  const path = relative(testDir, file);
  if (path.startsWith("e2e/")) return "e2e";
  if (path.startsWith("cli/") || path.startsWith("package/")) return "cli";
  return startsProcesses(file) ? "execution" : "unit";
};
const chosen = tests.filter((file) => groupOf(file) === group).map((file) => relative(root, file));
if (rest.includes("--list")) {
  console.log(chosen.join("\n"));
  console.error(`${chosen.length} of ${tests.length} test files in the ${group} group`);
  process.exit(0);
}
const vitest = join(root, "node_modules", "vitest", "vitest.mjs");
const run = spawnSync(process.execPath, [vitest, "run", ...rest, ...chosen], { stdio: "inherit", cwd: root });
process.exit(run.status ?? 1);
