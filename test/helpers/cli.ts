import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const cliPath = fileURLToPath(new URL("../../bin/hub-snippets.cjs", import.meta.url));

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number | null;
}

function withoutColorSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, NODE_DISABLE_COLORS: _disable, ...rest } = env;
  return rest;
}

/** Runs the built CLI as a real process, with stdout and stderr piped, bounded by a timeout. */
export function runCli(args: string[], options: { input?: string; env?: Record<string, string> } = {}): CliResult {
  const result = spawnSync(process.execPath, [cliPath, ...args], {
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 20_000,
    env: { ...withoutColorSettings(process.env), ...options.env },
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

// eslint-style check kept local: any CSI or OSC escape sequence.
export const ansiPattern = /\u001b[[\]]/;
