import { spawn } from "node:child_process";
import { cliPath } from "./cli.js";

/** One run of the built CLI. */
export interface CliJob {
  args: string[];
  /** Written to stdin, then stdin is closed (empty when absent). */
  input?: string | Buffer;
  env?: Record<string, string>;
  /** Kill the CLI after this long. Defaults to 20 000 ms. */
  timeoutMs?: number;
}

export interface CliOutcome {
  /** Exit code, or null when a signal (including the timeout kill) ended it. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall-clock time from spawn to exit. */
  ms: number;
  timedOut: boolean;
}

/** Output kept per stream; the rest is counted but dropped, so a runaway CLI cannot fill the test's memory. */
const KEEP_BYTES = 1024 * 1024;

function colourFree(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, NODE_DISABLE_COLORS: _disable, ...rest } = env;
  return rest;
}

class Sink {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;
  push(chunk: Buffer): void {
    const room = KEEP_BYTES - this.kept;
    if (room <= 0) {
      this.dropped += chunk.length;
      return;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
    this.dropped += chunk.length - part.length;
  }
  text(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    return this.dropped > 0 ? `${text}[… ${this.dropped} more bytes dropped by the test]` : text;
  }
}

/** Runs the built CLI (`node bin/hub-snippets.cjs`) as a real process, without a shell, bounded by a timeout. */
export function runCliAsync(job: CliJob): Promise<CliOutcome> {
  const timeoutMs = job.timeoutMs ?? 20_000;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...job.args], {
      env: { ...colourFree(process.env), ...job.env },
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
    });
    const stdout = new Sink();
    const stderr = new Sink();
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    // The CLI may exit before reading all of a large input: that is its right, not a test failure.
    child.stdin.on("error", () => {});
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start the CLI: ${error.message}`, { cause: error }));
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: stdout.text(), stderr: stderr.text(), ms: performance.now() - started, timedOut });
    });
    child.stdin.end(job.input ?? "");
  });
}

/** Runs every job, at most `concurrency` at once, and returns the outcomes in job order. */
export async function runCliBatch(jobs: CliJob[], concurrency = 2): Promise<CliOutcome[]> {
  const outcomes = new Array<CliOutcome>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      outcomes[index] = await runCliAsync(jobs[index] as CliJob);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return outcomes;
}
