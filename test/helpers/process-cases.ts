import { readFileSync } from "node:fs";
import { processStarter } from "../../scripts/test-imports.mjs";

/*
 * Where a test file starts processes, read from its text with scripts/test-group.mjs's reading (test-imports.mjs): the names it
 * imports from node:child_process or from a test module that starts processes (transitively), and the cases
 * (`it(` / `test(` lines) whose text uses them. A file whose only such case is one of several is a rule file that
 * one case keeps out of the unit group.
 */

/** The reading of scripts/test-group.mjs, one per test folder. */
const starters = new Map<string, ReturnType<typeof processStarter>>();
const starterOf = (testDir: string) => starters.get(testDir) ?? starters.set(testDir, processStarter(testDir)).get(testDir)!;

/** How many cases a file has, and which of them (by index; -1 for code outside any case) use a process-starting name. */
export function processCases(file: string, testDir: string): { cases: number; starting: Set<number> } {
  const text = readFileSync(file, "utf8");
  const names: string[] = [];
  for (const match of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const specifier = match[2]!;
    const { local, startsProcesses } = starterOf(testDir);
    const module = local(file, specifier);
    const spawning = specifier === "node:child_process" || (module !== undefined && startsProcesses(module));
    if (!spawning) continue;
    for (const part of match[1]!.split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .pop();
      if (name && !part.trim().startsWith("type ")) names.push(name);
    }
  }
  const lines = text.split("\n");
  const caseStarts = lines.flatMap((line, index) => (/^\s*(it|test)(\.[a-zA-Z]+(\([^)]*\))?)?\s*\(/.test(line) ? [index] : []));
  const caseOf = (line: number) => caseStarts.filter((start) => start <= line).length - 1;
  const indent = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0;
  const definition = /^\s*(?:async\s+)?function\s+(\w+)|^\s*const\s+(\w+)\s*=\s*(?:async\s*)?\(/;
  /** The local function a line is written in (the nearest definition above it, less indented), if any. */
  const enclosing = (index: number): { name: string; line: number } | undefined => {
    for (let above = index - 1; above >= 0; above -= 1) {
      const match = definition.exec(lines[above]!);
      if (match && indent(lines[above]!) < indent(lines[index]!)) return { name: (match[1] ?? match[2])!, line: above };
      if (/^\s*(it|test|describe)\b/.test(lines[above]!) && indent(lines[above]!) < indent(lines[index]!)) return undefined;
    }
    return undefined;
  };
  const uses = new Set<number>();
  // A local helper that starts processes starts them where it is called: its name joins the names, to a fixpoint.
  for (let grown = true; grown;) {
    grown = false;
    uses.clear();
    lines.forEach((line, index) => {
      if (/^\s*import\s/.test(line) || !names.some((name) => new RegExp(`\\b${name}\\b`).test(line))) return;
      const helper = enclosing(index);
      if (helper !== undefined && !names.includes(helper.name)) {
        names.push(helper.name);
        grown = true;
      }
      if (helper === undefined) uses.add(caseOf(index));
    });
  }
  return { cases: caseStarts.length, starting: uses };
}
