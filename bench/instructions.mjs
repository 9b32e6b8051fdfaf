// Main-thread instruction counts of whole runs, under valgrind's callgrind (`npm run bench -- --instructions`).
// Wall time on a shared 2-core machine moves with its load; instructions do not, so a change too small for wall
// time to show (a few hundred microseconds) can still be measured. Only the main thread counts (V8's helper
// threads run GC and compile jobs in parallel, at times that vary run to run), and V8's search for its random hash
// seed's prime (detail::sprp, a few million instructions that vary with the seed) is left out. Not a target:
// the targets are wall times. Needs valgrind (Debian's package); without it the benchmark says so and skips this.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function hasValgrind() {
  return spawnSync("valgrind", ["--version"], { stdio: "ignore" }).status === 0;
}

/** Instructions the main thread of one run executed, hash-seed search excluded. */
export function mainThreadInstructions(node, args) {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-callgrind-"));
  try {
    const out = join(scratch, "callgrind.out");
    const run = spawnSync("valgrind", ["--tool=callgrind", "--separate-threads=yes", `--callgrind-out-file=${out}`, node, ...args], { stdio: "ignore" });
    if (run.status !== 0) throw new Error(`valgrind ${node} ${args.join(" ")} exited ${run.status}`);
    const mainThread = readdirSync(scratch).find((name) => name.endsWith("-01"));
    if (!mainThread) throw new Error("callgrind wrote no file for the main thread");
    const file = join(scratch, mainThread);
    const total = Number(/^(?:summary|totals): (\d+)/m.exec(readFileSync(file, "utf8"))?.[1]);
    const annotated = spawnSync("callgrind_annotate", [file], { encoding: "utf8", maxBuffer: 64 * 2 ** 20 }).stdout ?? "";
    const seedSearch = Number(/^\s*([\d,]+) .*detail::sprp/m.exec(annotated)?.[1]?.replaceAll(",", "") ?? 0);
    return total - seedSearch;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
