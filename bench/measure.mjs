// Measuring helpers for the benchmark: wall time and peak memory of whole processes, first output on a terminal.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-bench-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Runs a command once with stdout to a file; wall time in ms (from here) and peak RSS in MB (GNU time). */
export function runOnce(command, args) {
  const rssFile = join(scratch, "rss");
  const out = join(scratch, "out");
  const started = process.hrtime.bigint();
  const result = spawnSync("/usr/bin/time", ["-f", "%M", "-o", rssFile, "sh", "-c", '"$@" > "$0"', out, command, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  return { wallMs, rssMb: Number(readFileSync(rssFile, "utf8").trim().split("\n").pop()) / 1024 };
}

/** Time until the first byte a command writes to a pseudo-terminal (script(1) provides the terminal). */
export function firstOutputOnTerminal(commandLine) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("script", ["-qfec", commandLine, "/dev/null"], { stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, COLUMNS: "100", LINES: "40" } });
    let done = false;
    child.stdout.once("data", () => {
      done = true;
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
    child.once("close", (code) => {
      if (!done) reject(new Error(`${commandLine} wrote nothing (exit ${code})`));
    });
  });
}

/** Alternates the subject and the floor run by run, so both see the same machine weather. */
export function sideBySide(repetitions, subject, floor) {
  const runs = { subject: [], floor: [] };
  for (let index = 0; index < repetitions; index += 1) {
    runs.floor.push(floor());
    runs.subject.push(subject());
  }
  return runs;
}
