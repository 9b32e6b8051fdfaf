// How a test file's imports say whether it starts processes: the one reading that scripts/test-group.mjs draws the
// groups from and test/helpers/process-cases.ts counts a file's process-starting cases with.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const extension = /\.(ts|tsx|mjs)$/;

/** Every test module under the folder (tests and helpers; fixtures and node_modules left out). */
function testModules(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "fixtures" ? [] : testModules(path);
    return extension.test(entry.name) ? [path] : [];
  });
}

/** The specifiers a module imports, and whether it imports node:child_process itself. */
function specifiersOf(file) {
  const specifiers = [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1]);
  return { specifiers, spawns: specifiers.some((spec) => spec === "node:child_process" || spec === "child_process") };
}

/**
 * Whether a module of the test folder, or a test module it imports (transitively), starts processes; src/ is the
 * product and not followed. `local(file, specifier)` resolves a relative import to its test module, if it is one.
 */
export function processStarter(testDir) {
  const sources = new Map(testModules(testDir).map((file) => [file.replace(extension, ""), file]));
  const known = new Map();
  const local = (file, specifier) => (specifier.startsWith(".") ? sources.get(resolve(dirname(file), specifier).replace(/\.js$/, "")) : undefined);
  const startsProcesses = (file, seen = new Set()) => {
    if (known.has(file)) return known.get(file);
    if (seen.has(file)) return false;
    seen.add(file);
    const { specifiers, spawns } = specifiersOf(file);
    const result =
      spawns ||
      specifiers.some((specifier) => {
        const module = local(file, specifier);
        return module !== undefined && startsProcesses(module, seen);
      });
    known.set(file, result);
    return result;
  };
  return { modules: [...sources.values()], local, startsProcesses };
}
