import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

/*
 * A line the fast path runs writes its output straight to the descriptors, then ends the process at once (start.ts,
 * endFastLine) instead of letting Node spin its event loop for V8's idle-time work; its exit handlers still run. A
 * preload tells which way each run ended (test/helpers/exit-witness.cjs).
 */
const witness = fileURLToPath(new URL("../helpers/exit-witness.cjs", import.meta.url));
// The preload is a Node flag, so the loader keeps a per-user code cache: in a folder of the test's own.
const env = { NODE_OPTIONS: `--require ${JSON.stringify(witness)}`, XDG_CACHE_HOME: mkdtempSync(join(tmpdir(), "hub-snippets-fast-end-")) };
const ranEmpty = "witness: event loop ran empty";
const record = fileURLToPath(new URL("../../examples/llama-3.1-8b-instruct.json", import.meta.url));

describe("how a run ends", () => {
  it.each([
    ["a piped snippet", ["snippet", record, "--lang", "python", "--client", "requests"], 0],
    ["the default answer", ["snippet", record], 0],
    ["tasks list --json", ["tasks", "list", "--json"], 0],
    ["a refused option on the fast path", ["snippet", record, "--lang", "python", "--client", "nope"], 1],
  ])("%s ends at once, with its exit code and exit handlers, its output whole", (_name, args, code) => {
    const plain = runCli(args);
    const witnessed = runCli(args, { env });
    expect(witnessed.code).toBe(code);
    expect(witnessed.stdout).toBe(plain.stdout);
    expect(witnessed.stderr).not.toContain(ranEmpty);
    expect(witnessed.stderr).toContain(`witness: exit ${code}`);
  });

  it.each([
    ["a line commander runs (--help)", ["--help"], {}],
    ["a fast line while debugging", ["tasks", "list", "--json"], { HUB_SNIPPETS_DEBUG: "1" }],
  ])("%s ends as Node ends it, once its event loop is empty", (_name, args, extra) => {
    const witnessed = runCli(args, { env: { ...env, ...extra } });
    expect(witnessed.code).toBe(0);
    expect(witnessed.stderr).toContain(ranEmpty);
  });
});
