import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cliNode, cliPath } from "../helpers/cli.js";
import { hintOf } from "../helpers/snippet-cli.js";

/** Runs the CLI with a stdout pipe whose reading end is closed at once, as `| head` closes it once satisfied. */
function runIntoClosedPipe(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cliNode, [cliPath, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.destroy();
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stderr }));
  });
}

describe("a reader that stops reading (`| head`)", () => {
  it.each([["tasks", "list", "--json"], ["tasks", "list"], ["task", "show", "text-to-image"], ["snippet", "examples/whisper-large-v3.json"], ["--help"]])(
    "ends `%s …` quietly with exit 0, no stack trace",
    async (...args) => {
      // The example records carry no provider mapping, which the snippet command notes after the code (when it got
      // that far: a closed pipe ends the run quietly).
      const notes = args[0] === "snippet" ? hintOf(args[1] ?? "", "default answer").split("\n") : [];
      const { code, stderr } = await runIntoClosedPipe(args);
      expect(code).toBe(0);
      for (const line of stderr.split("\n").filter(Boolean)) expect(notes).toContain(line);
    },
  );
});

// A parent may hand over a non-blocking pipe: once it is full, writing fails with EAGAIN instead of waiting.
const slowReaderOfNonBlockingPipe = `
import fcntl, json, os, subprocess, sys, time
read_end, write_end = os.pipe()
fcntl.fcntl(write_end, fcntl.F_SETFL, fcntl.fcntl(write_end, fcntl.F_GETFL) | os.O_NONBLOCK)
child = subprocess.Popen([sys.argv[1], sys.argv[2], "tasks", "list", "--json"], stdout=write_end, stderr=subprocess.PIPE)
os.close(write_end)
time.sleep(0.5)
data = b""
while chunk := os.read(read_end, 16384):
    data += chunk
    time.sleep(0.01)
child.wait()
print(json.dumps({"code": child.returncode, "stderr": child.stderr.read().decode(), "bytes": len(data), "tasks": len(json.loads(data))}))
`;

describe("a reader slower than the writer, on a non-blocking pipe", () => {
  it("still receives the whole output", () => {
    const result = spawnSync("python3", ["-c", slowReaderOfNonBlockingPipe, cliNode, cliPath], { encoding: "utf8", timeout: 30_000 });
    const report = JSON.parse(result.stdout) as { code: number; stderr: string; bytes: number; tasks: number };
    // More than a pipe's 64 KiB buffer, so the first write cannot take it all.
    expect(report.bytes).toBeGreaterThan(65_536);
    expect(report).toMatchObject({ code: 0, stderr: "", tasks: 47 });
  });
});
