import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliPath } from "../helpers/cli.js";

/** Runs the CLI with a stdout pipe whose reading end is closed at once, as `| head` closes it once satisfied. */
function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

describe("a reader that stops reading (`| head`)", () => {
  it.each([
    ["tasks", "list", "--json"],
    ["tasks", "list"],
    ["task", "show", "text-to-image"],
    ["snippet", "examples/whisper-large-v3.json"],
    ["--help"],
  ])("ends `%s …` quietly with exit 0, no stack trace", async (...args) => {
    expect(await runIntoClosedPipe(args)).toEqual({ code: 0, stderr: "" });
  });
});
