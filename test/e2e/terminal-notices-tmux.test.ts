import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cliPath } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

const server = `hub-snippets-cli-${process.pid}`;
const work = mkdtempSync(join(tmpdir(), "stdin-e2e-"));

const tmux = (...args: string[]) => spawnSync("tmux", ["-L", server, ...args], { encoding: "utf8", timeout: 10_000 });
const pane = (session = "stdin") => tmux("capture-pane", "-p", "-J", "-t", session).stdout;

/** Polls the pane until it shows `text`. */
async function paneShows(text: string, session = "stdin"): Promise<string> {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const shown = pane(session);
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`the pane never showed ${JSON.stringify(text)}:\n${shown}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(() => {
  tmux("kill-server");
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasTool("tmux"))("snippet - on a terminal (issue 56, 15)", () => {
  it("says it reads a record from stdin and how to end it, then reads what is pasted", async () => {
    const out = join(work, "out.json");
    const command = `'${process.execPath}' '${cliPath}' snippet - --json > '${out}'; echo "exit=$?"; sleep 60`;
    expect(tmux("new-session", "-d", "-s", "stdin", "-x", "100", "-y", "20", "sh", "-c", command).status).toBe(0);
    const shown = await paneShows("reading a model record from stdin");
    expect(shown).toContain("Ctrl-D");
    tmux("send-keys", "-t", "stdin", "-l", '{"id": "acme/mini", "pipeline_tag": "text-classification"}');
    tmux("send-keys", "-t", "stdin", "Enter", "C-d");
    await paneShows("exit=0");
    expect((JSON.parse(readFileSync(out, "utf8")) as { content: string }[]).some((item) => item.content.includes("acme/mini"))).toBe(true);
  });
});

describe.skipIf(!hasTool("tmux"))("--copy inside tmux (issue 56, 19)", () => {
  it("says how to let tmux pass the OSC 52 copy on, when no clipboard tool answers", async () => {
    // No display: clipboardy's xsel cannot answer, so the copy goes to the terminal as OSC 52.
    const command = `env -u DISPLAY -u WAYLAND_DISPLAY '${process.execPath}' '${cliPath}' snippet example:whisper-large-v3 --lang python --client requests --copy > /dev/null; echo "exit=$?"; sleep 60`;
    expect(tmux("new-session", "-d", "-s", "copy", "-x", "200", "-y", "20", "sh", "-c", command).status).toBe(0);
    const shown = await paneShows("exit=0", "copy");
    expect(shown).toContain("OSC 52 copy request");
    expect(shown).toContain("in tmux, allow it with: set -g set-clipboard on");
  });
});

describe.skipIf(!hasTool("tmux"))("the browser with NO_COLOR=1 (issue 56, 6)", () => {
  it("marks the active tab and the snippet shown without colour: in brackets", async () => {
    const command = `env NO_COLOR=1 TERM=xterm-256color '${process.execPath}' '${cliPath}' --model example:flux.1-dev`;
    expect(tmux("new-session", "-d", "-s", "nocolor", "-x", "100", "-y", "30", command).status).toBe(0);
    const shown = await paneShows("Snippet: [python/huggingface_hub]", "nocolor");
    expect(shown).toMatch(/^\[Inference\] {2}Library/m);
    // Nothing in colour, nor inverse: the brackets are the only mark.
    const escapes = tmux("capture-pane", "-p", "-e", "-t", "nocolor").stdout;
    expect(escapes).not.toMatch(/\u001b\[[0-9;]*[1-9][0-9;]*m/);
    tmux("send-keys", "-t", "nocolor", "Tab");
    await paneShows("[Library]", "nocolor");
    tmux("send-keys", "-t", "nocolor", "q");
  });
});

describe.skipIf(!hasTool("tmux"))("the help (?) in a 60×20 terminal (issue 56, 1)", () => {
  it("scrolls: its first rows, then with End its last, each row whole and the tmux tip uncut", async () => {
    const command = `'${process.execPath}' '${cliPath}'`;
    expect(tmux("new-session", "-d", "-s", "help", "-x", "60", "-y", "20", command).status).toBe(0);
    await paneShows("press / and type to filter", "help");
    tmux("send-keys", "-t", "help", "?");
    let shown = await paneShows("scroll the help", "help");
    expect(shown).toContain(" Keys");
    expect(shown).not.toContain("Press ? or Esc to close.");
    tmux("send-keys", "-t", "help", "End");
    shown = await paneShows("Press ? or Esc to close.", "help");
    expect(shown.replace(/\s+/g, " ")).toContain("In tmux, allow it with: set -g set-clipboard on");
    expect(shown).not.toMatch(/close\.\S/);
    for (const row of tmux("capture-pane", "-p", "-t", "help").stdout.split("\n")) expect(row.length).toBeLessThanOrEqual(60);
    tmux("send-keys", "-t", "help", "q");
  });
});
