#!/usr/bin/env node
// Runs one group of the test suite, for a fast loop while working:
//   unit       tests that start no process (neither import node:child_process nor a test helper that does),
//   cli        the CLI and the package, run as a user runs them (test/cli/, test/package/),
//   e2e        the browser in tmux and whole journeys (test/e2e/),
//   execution  every other test that starts processes: snippets run on the real SDKs, notebooks, differentials.
// The groups split `npm test` without overlap. Usage: node scripts/test-group.mjs <group> [--list] [vitest options…]
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const groups = ["unit", "cli", "e2e", "execution"];
const [group, ...rest] = process.argv.slice(2);
if (!groups.includes(group)) {
  console.error(`usage: node scripts/test-group.mjs <${groups.join("|")}> [--list] [vitest options…]`);
  process.exit(2);
}

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "fixtures" ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The relative imports of a test file (resolved to files), and whether it imports node:child_process itself. */
function importsOf(file) {
  const text = readFileSync(file, "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]);
  const local = specifiers.filter((spec) => spec.startsWith(".")).map((spec) => resolve(dirname(file), spec).replace(/\.js$/, ""));
  return { spawns: specifiers.some((spec) => spec === "node:child_process" || spec === "child_process"), local };
}

const testDir = join(root, "test");
const sources = new Map(filesUnder(testDir).map((file) => [file.replace(/\.(ts|tsx|mjs)$/, ""), file]));
const spawning = new Map();
/** Whether the file, or a test module it imports (transitively), starts processes. src/ is the product: not followed. */
function startsProcesses(file, seen = new Set()) {
  if (spawning.has(file)) return spawning.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  const { spawns, local } = importsOf(file);
  const result = spawns || local.some((base) => sources.has(base) && startsProcesses(sources.get(base), seen));
  spawning.set(file, result);
  return result;
}

const tests = [...sources.values()].filter((file) => /\.test\.tsx?$/.test(file)).sort();
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
