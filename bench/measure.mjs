// Measuring helpers for the benchmark: wall time of whole processes (stdout to /dev/null, a file or a pipe), their
// peak memory, and the first output on a terminal.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-bench-"));
process.on("exit", () => rmSync(scratch, { recursive: true, force: true }));

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Where a run's stdout goes, as users send it. /dev/null is a character device, like a terminal (hyperfine and
 * cron send output there); a file and a pipe are not. The pipe's reader is this process, reading it all.
 */
export const sinks = ["file", "/dev/null", "pipe"];

function openSink(sink) {
  if (sink === "pipe") return { stdout: "pipe", close() {} };
  const fd = openSync(sink === "file" ? join(scratch, "out") : "/dev/null", "w");
  return { stdout: fd, close: () => closeSync(fd) };
}

/**
 * Wall time in ms of one run, from spawn to exit, with no wrapper around the command: a shell or /usr/bin/time in
 * between would add its own fork and exec to both sides of a ratio and pull it towards 1.
 */
export function wallTime(command, args, sink) {
  const { stdout, close } = openSink(sink);
  try {
    const started = process.hrtime.bigint();
    const result = spawnSync(command, args, { stdio: ["ignore", stdout, "pipe"], maxBuffer: 64 * 2 ** 20 });
    const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${sink}): ${result.stderr}`);
    return wallMs;
  } finally {
    close();
  }
}

/** Peak resident memory in MB of one run with stdout to a file (GNU time reads it from the kernel at exit). */
export function peakMemory(command, args) {
  const rssFile = join(scratch, "rss");
  const { stdout, close } = openSink("file");
  try {
    const result = spawnSync("/usr/bin/time", ["-f", "%M", "-o", rssFile, command, ...args], { stdio: ["ignore", stdout, "pipe"] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${result.stderr}`);
  } finally {
    close();
  }
  return Number(readFileSync(rssFile, "utf8").trim().split("\n").pop()) / 1024;
}

/** Time until the first byte a command writes to a pseudo-terminal (script(1) provides the terminal). */
export function firstOutputOnTerminal(commandLine) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn("script", ["-qfec", commandLine, "/dev/null"], {
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, COLUMNS: "100", LINES: "40" },
    });
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
