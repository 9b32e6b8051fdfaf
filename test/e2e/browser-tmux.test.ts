import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getTask } from "../../src/catalogue/tasks.js";
import { cliPath, runCli } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

const socket = `hub-snippets-e2e-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), "browser-e2e-"));
const clipboardFile = join(work, "clipboard.txt");

function tmux(...args: string[]): string {
  const result = spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8", timeout: 10_000 });
  if (result.status !== 0) throw new Error(`tmux ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

const screen = () => tmux("capture-pane", "-p", "-t", "browser");

/** Polls the screen until it shows `text`, as a person would wait for it. */
async function waitFor(text: string, timeoutMs = 8_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(text)}; it shows:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function press(...keys: string[]) {
  for (const key of keys) {
    tmux("send-keys", "-t", "browser", key);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

afterAll(() => {
  spawnSync("tmux", ["-L", socket, "kill-server"]);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasTool("tmux"))("the interactive browser in a real terminal (tmux, 80×24)", () => {
  it("goes from launch to a copied python/requests snippet for text-to-image, then quits", async () => {
    // A stand-in for the clipboard tool clipboardy runs on Linux: it keeps what it is given.
    const stub = join(work, "xsel");
    writeFileSync(stub, `#!/bin/sh\ncat > '${clipboardFile}'\n`);
    chmodSync(stub, 0o755);
    const command = `env PATH='${work}':"$PATH" '${process.execPath}' '${cliPath}'`;
    tmux("new-session", "-d", "-s", "browser", "-x", "80", "-y", "24", command);

    await waitFor("type to filter");
    await press(..."text-to-image".split(""));
    let shown = await waitFor("Filter: text-to-image");
    expect(shown).toMatch(/› text-to-image/);
    await press("Enter");
    shown = await waitFor("hub-snippets › Text-to-Image");
    expect(shown).toContain("s snippets");
    await press("s");
    const firstModel = getTask("text-to-image")!.models[0]!.id;
    await waitFor("choose a model");
    await press("Enter");
    await waitFor(`Model: ${firstModel}`);
    await press("Right", "Right");
    shown = await waitFor("python/requests  3 of");
    expect(shown).toContain("import requests");
    expect(shown).toContain("c copy");
    await press("c");
    await waitFor("Copied to the clipboard.");

    const expected = runCli(["snippet", "--id", firstModel, "--task", "text-to-image", "--lang", "python", "--client", "requests"]);
    expect(expected.code).toBe(0);
    expect(readFileSync(clipboardFile, "utf8")).toBe(expected.stdout.replace(/\n$/, ""));

    await press("q");
    const deadline = Date.now() + 5_000;
    while (spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(spawnSync("tmux", ["-L", socket, "has-session", "-t", "browser"]).status).not.toBe(0);
    expect(existsSync(clipboardFile)).toBe(true);
  }, 60_000);

  it("falls back to an OSC 52 escape where no clipboard tool works, and the terminal receives the snippet", async () => {
    // No display and no xsel on PATH: clipboardy fails, so the browser asks the terminal (tmux) to copy.
    const command = `env -u DISPLAY -u WAYLAND_DISPLAY PATH=/usr/bin:/bin '${process.execPath}' '${cliPath}'`;
    tmux("new-session", "-d", "-s", "browser", "-x", "80", "-y", "24", command);
    tmux("set-option", "-g", "set-clipboard", "on");
    await waitFor("type to filter");
    await press(..."fill-mask".split(""), "Enter", "s");
    await waitFor("choose a model");
    await press("Enter");
    await waitFor("js/fetch  1 of");
    await press("c");
    await waitFor("OSC 52");
    const model = getTask("fill-mask")!.models[0]!.id;
    const expected = runCli(["snippet", "--id", model, "--task", "fill-mask", "--lang", "js", "--client", "fetch"]);
    expect(tmux("show-buffer")).toBe(expected.stdout.replace(/\n$/, ""));
    await press("q");
  }, 60_000);
});
