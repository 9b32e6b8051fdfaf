import { skipNotice } from "./skip-notice.js";
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, symlink, writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type SnippetLanguage = "js" | "python" | "sh";

export interface RunnableSnippet {
  language: SnippetLanguage;
  client: string;
  content: string;
}

export interface RunSnippetOptions {
  /**
   * Recorder origin (e.g. "http://127.0.0.1:43123") written over https://router.huggingface.co in the snippet's
   * text. Leave it out to run the text as generated (SDK snippets, whose requests a start-up redirect sends).
   */
  origin?: string;
  /** The Python interpreter for python snippets (a virtual environment's); defaults to python3 on PATH. */
  python?: string;
  /** Extra environment, applied last (may override HF_TOKEN). */
  env?: Record<string, string>;
  /** Extra arguments for node before the script (e.g. `--import` of a fetch preload for SDK snippets). */
  nodeArgs?: string[];
  /** The node_modules a js snippet's bare imports resolve from (linked into its folder); the project's by default. */
  nodeModules?: string;
  /** Kill the snippet (and its whole process group) after this long. Defaults to 15 000 ms. */
  timeoutMs?: number;
}

export interface SnippetRun {
  /** Exit code, or null when the process was ended by a signal (including the timeout kill). */
  code: number | null;
  stdout: string;
  stderr: string;
  /** The temp working directory; kept after the run so tests can inspect files the snippet wrote. */
  dir: string;
  /** True when the timeout fired and the process group was killed; stderr then ends with a note saying so. */
  timedOut: boolean;
  /** The signal that ended the process, if any. */
  signal: NodeJS.Signals | null;
}

const projectNodeModules = fileURLToPath(new URL("../../node_modules", import.meta.url));

export const ROUTER_ORIGIN = "https://router.huggingface.co";
export const TEST_TOKEN = "hf_test_token";
const DEFAULT_TIMEOUT_MS = 15_000;
/** Output past this many bytes per stream is dropped (with a note) so a chatty snippet stays bounded. */
const MAX_OUTPUT_BYTES = 8 * 1024 * 1024;
/** After the kill, how long to wait for the pipes to close before giving up on them. */
const CLOSE_GRACE_MS = 2_000;

/** xorshift32 from a fixed seed: the same bytes on every run and every machine. */
function pseudoRandomBytes(seed: number, length: number, prefix: Buffer): Buffer {
  const out = Buffer.alloc(length);
  prefix.copy(out, 0);
  let state = seed >>> 0 || 1;
  for (let i = prefix.length; i < length; i++) {
    state = (state ^ (state << 13)) >>> 0;
    state = (state ^ (state >>> 17)) >>> 0;
    state = (state ^ (state << 5)) >>> 0;
    out[i] = state & 0xff;
  }
  return out;
}

/**
 * Input files written into every run directory, with their exact bytes. They start with the usual magic
 * numbers ("fLaC", JPEG SOI/APP0) but are otherwise deterministic noise, not decodable media.
 */
export const sampleFiles: Readonly<Record<string, Buffer>> = Object.freeze({
  "sample.flac": pseudoRandomBytes(0x5eedf1ac, 4096, Buffer.from("fLaC", "latin1")),
  "image.jpg": pseudoRandomBytes(0x1a6e0d8f, 3072, Buffer.from([0xff, 0xd8, 0xff, 0xe0])),
});

const scriptFile: Record<SnippetLanguage, string> = {
  js: "snippet.mjs",
  python: "snippet.py",
  sh: "snippet.sh",
};

function commandFor(language: SnippetLanguage, file: string, nodeArgs: string[] = [], python = "python3"): [string, string[]] {
  switch (language) {
    case "js":
      // The Node running the tests (Node 20), rather than whatever "node" is first on PATH.
      return [process.execPath, [...nodeArgs, file]];
    case "python":
      return [python, [file]];
    case "sh":
      return ["bash", [file]];
  }
}

/**
 * Run directories created so far. A process "exit" hook removes them (unless KEEP_SNIPPET_DIRS=1), but it does
 * not fire reliably inside vitest workers, so test files should also call removeSnippetDirs() in afterAll.
 */
const createdDirs = new Set<string>();
let exitHookInstalled = false;

function removeDirsSync(): void {
  for (const dir of createdDirs) rmSync(dir, { recursive: true, force: true });
  createdDirs.clear();
}

/** Removes every run directory created so far (call from afterAll if you want them gone early). */
export function removeSnippetDirs(): void {
  removeDirsSync();
}

function trackDir(dir: string): void {
  createdDirs.add(dir);
  if (!exitHookInstalled && process.env.KEEP_SNIPPET_DIRS !== "1") {
    exitHookInstalled = true;
    process.once("exit", removeDirsSync);
  }
}

function withNoProxy(current: string | undefined): string {
  const entries = (current ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const host of ["127.0.0.1", "localhost"]) if (!entries.includes(host)) entries.push(host);
  return entries.join(",");
}

class BoundedSink {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private truncated = false;

  push(chunk: Buffer): void {
    if (this.size >= MAX_OUTPUT_BYTES) {
      this.truncated = true;
      return;
    }
    const room = MAX_OUTPUT_BYTES - this.size;
    const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (kept.length < chunk.length) this.truncated = true;
    this.chunks.push(kept);
    this.size += kept.length;
  }

  text(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    return this.truncated ? `${text}\n[runSnippet] output truncated at ${MAX_OUTPUT_BYTES} bytes\n` : text;
  }
}

/**
 * Runs a generated snippet as a real process against the recorder:
 * fresh temp dir as cwd holding sampleFiles, router origin rewritten to options.origin when given,
 * env = process.env + HF_TOKEN=hf_test_token + options.env, stdin ignored, process group killed on timeout.
 * No shell composes the command line.
 */
export async function runSnippet(snippet: RunnableSnippet, options: RunSnippetOptions): Promise<SnippetRun> {
  const dir = await mkdtemp(join(tmpdir(), "hub-snippets-run-"));
  trackDir(dir);
  for (const [name, bytes] of Object.entries(sampleFiles)) await writeFile(join(dir, name), bytes);

  const file = scriptFile[snippet.language];
  const code = options.origin === undefined ? snippet.content : snippet.content.replaceAll(ROUTER_ORIGIN, options.origin);
  await writeFile(join(dir, file), code, "utf8");

  // SDK snippets import packages by name: give them the project's node_modules (or the one asked for).
  if (snippet.language === "js") await symlink(options.nodeModules ?? projectNodeModules, join(dir, "node_modules"), "dir");
  const [command, args] = commandFor(snippet.language, file, options.nodeArgs, options.python);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NO_PROXY: withNoProxy(process.env.NO_PROXY),
    no_proxy: withNoProxy(process.env.no_proxy),
    PYTHONDONTWRITEBYTECODE: "1",
    PYTHONUNBUFFERED: "1",
    HF_TOKEN: TEST_TOKEN,
    ...options.env,
  };
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return new Promise<SnippetRun>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: dir,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      shell: false,
      // Own process group, so the timeout also kills grandchildren (curl under bash, etc.).
      detached: true,
    });
    const stdout = new BoundedSink();
    const stderr = new BoundedSink();
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));

    let timedOut = false;
    let settled = false;
    let graceTimer: NodeJS.Timeout | undefined;

    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        try {
          child.kill("SIGKILL");
        } catch {
          /* already gone */
        }
      }
    };

    const finish = (exitCode: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      let err = stderr.text();
      if (timedOut) err += `\n[runSnippet] killed after ${timeoutMs} ms timeout (${command} ${args.join(" ")})\n`;
      resolve({
        code: exitCode,
        stdout: stdout.text(),
        stderr: err,
        dir,
        timedOut,
        signal,
      });
    };

    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
      // If something escaped the group and still holds our pipes, stop waiting for them.
      graceTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        finish(child.exitCode, child.signalCode);
      }, CLOSE_GRACE_MS);
    }, timeoutMs);

    child.once("error", (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      reject(
        new Error(`runSnippet could not start ${command}: ${error.message}`, {
          cause: error,
        }),
      );
    });
    child.once("close", (exitCode, signal) => finish(exitCode, signal));
  });
}

export type Runtime = "python3-requests" | "curl" | "node";

const runtimeCache = new Map<Runtime, boolean>();

function probe(command: string, args: string[]): boolean {
  const result = spawnSync(command, args, {
    stdio: "ignore",
    timeout: 10_000,
    shell: false,
  });
  return result.error === undefined && result.status === 0;
}

/** How each runtime is installed, for the skip notice and the CI=true failure. */
const runtimeInstalls: Record<Runtime, string> = {
  "python3-requests": "apt-get install python3-requests (or pip install requests for python3)",
  curl: "apt-get install curl",
  node: "Node.js itself",
};

/**
 * Whether a runtime the snippet runner needs is usable here (for skip logic). Results are cached. Missing, it says so
 * in the run's skip notices; under CI=true it throws instead, so a check CI must run is never skipped unseen.
 */
export function hasRuntime(name: Runtime): boolean {
  const cached = runtimeCache.get(name);
  if (cached !== undefined) return cached;
  let found: boolean;
  switch (name) {
    case "python3-requests":
      found = probe("python3", ["-c", "import requests"]);
      break;
    case "curl":
      found = probe("curl", ["--version"]);
      break;
    case "node":
      found = probe(process.execPath, ["--version"]);
      break;
  }
  runtimeCache.set(name, found);
  if (!found) {
    if (process.env.CI === "true") throw new Error(`${name} is required under CI=true: ${runtimeInstalls[name]} (.ci/run installs it)`);
    skipNotice(`${name} is missing: the checks that run snippets with it are skipped (${runtimeInstalls[name]})`);
  }
  return found;
}
