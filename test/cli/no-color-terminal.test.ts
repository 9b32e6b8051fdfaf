import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliNode, cliPath } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

/** Runs the built CLI on a pseudo-terminal (util-linux `script`), with these colour variables and no others. */
function onTerminal(args: string[], colour: Record<string, string>): string {
  // chalk takes any CI variable for a CI log without colour: the terminal here is a user's.
  const { NO_COLOR: _n, FORCE_COLOR: _f, NODE_DISABLE_COLORS: _d, CI: _ci, ...env } = process.env;
  const command = [cliNode, cliPath, ...args].map((word) => `'${word}'`).join(" ");
  const result = spawnSync("script", ["-qfec", command, "/dev/null"], {
    encoding: "utf8",
    timeout: 20_000,
    env: { ...env, ...colour, TERM: "xterm-256color" },
  });
  expect(result.status, result.stdout).toBe(0);
  return result.stdout;
}

const csi = /\u001b\[/;
const withoutColour = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe.runIf(hasTool("script"))("NO_COLOR on a terminal (issue 43, 4)", () => {
  const args = ["snippet", "example:qwen2.5-7b-instruct"];

  it("highlights code on a terminal by default", () => {
    const shown = onTerminal(args, {});
    expect(shown).toMatch(csi);
    expect(withoutColour(shown)).toContain("import requests");
  });

  it("writes no colour, the code's highlighting included, with NO_COLOR=1", () => {
    const shown = onTerminal(args, { NO_COLOR: "1" });
    expect(shown).toContain("import requests");
    expect(shown).not.toMatch(csi);
  });

  it("writes no colour for one --lang --client snippet with NO_COLOR=1", () => {
    const shown = onTerminal([...args, "--lang", "python", "--client", "requests"], { NO_COLOR: "1" });
    expect(shown).toContain("import requests");
    expect(shown).not.toMatch(csi);
  });
});
