import { spawn } from "node:child_process";

export interface ProcessResult {
  /** Exit code, or null when a signal (the timeout's included) ended the process. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command without blocking the event loop (a local Hub served from this process keeps answering), with
 * process.env plus `env`, and kills it after timeoutMs. No shell composes the command line.
 */
export function runProcess(
  command: string,
  args: string[],
  options: { env?: Record<string, string>; cwd?: string; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\n[runProcess] killed after ${options.timeoutMs} ms: ${command} ${args.join(" ")}\n`;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 120_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(new Error(`could not start ${command}: ${error.message}`, { cause: error }));
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
