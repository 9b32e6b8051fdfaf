import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const cliPath = fileURLToPath(new URL("../../bin/hub-snippets.cjs", import.meta.url));

/**
 * The Node.js that runs the CLI in tests: HUB_SNIPPETS_TEST_NODE (a path: CI runs the CLI tests again on Node 22, 24
 * and 26, from the npm registry's `node` package) or else the Node.js running the tests.
 */
export const cliNode = process.env.HUB_SNIPPETS_TEST_NODE || process.execPath;

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
  const result = spawnSync(cliNode, [cliPath, ...args], {
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 20_000,
    env: { ...withoutColorSettings(process.env), ...options.env },
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}

// eslint-style check kept local: any CSI or OSC escape sequence.
export const ansiPattern = /\u001b[[\]]/;
