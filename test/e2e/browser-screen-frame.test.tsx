import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import stringWidth from "string-width";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cliPath } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";
import { keys, record, renderApp, type } from "../ui/browser-helpers.js";

// What the terminal shows after each key must be the frame Ink drew for it: a row written over another without
// clearing it (stale text), a row the terminal wraps where Ink did not, a frame taller than the screen, all show as a
// difference. The frame is the browser's own, drawn in this process at the same size with the same keys; the
// screen is tmux's, running the built CLI (its bundle, with the build's patches of Ink).

const socket = `hub-snippets-frames-${process.pid}`;

function tmux(...args: string[]): string {
  const result = spawnSync("tmux", ["-L", socket, ...args], { encoding: "utf8", timeout: 10_000 });
  if (result.status !== 0) throw new Error(`tmux ${args.join(" ")}: ${result.stderr}`);
  return result.stdout;
}

const rowsOf = (text: string) =>
  text
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .map((row) => row.trimEnd());

/** Polls tmux's screen until it is the frame (and nothing below it), or says how they differ. */
async function screenBecomes(frame: string, after: string): Promise<void> {
  const expected = rowsOf(frame);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const screen = rowsOf(tmux("capture-pane", "-p", "-t", "browser"));
    const below = screen.slice(expected.length).filter((row) => row !== "");
    if (below.length === 0 && screen.slice(0, expected.length).join("\n") === expected.join("\n")) return;
    if (Date.now() > deadline) {
      const differing = expected.flatMap((row, index) => (row === screen[index] ? [] : [`row ${index + 1}\n  frame:  ${row}\n  screen: ${screen[index]}`]));
      throw new Error(`after ${after}, the screen is not the frame:\n${[...differing, ...below.map((row) => `below the frame: ${row}`)].join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Each key as the terminal sends it (tmux's name) and as the process reads it.
const key = {
  down: ["Down", keys.down],
  up: ["Up", keys.up],
  pageDown: ["NPage", "\u001b[6~"],
  pageUp: ["PPage", "\u001b[5~"],
  right: ["Right", keys.right],
  scrollRight: [">", ">"],
} as const;

interface Walk {
  name: string;
  columns: number;
  rows: number;
  model?: string;
  /** Text typed first (the task filter and Enter). */
  typed?: string;
  steps: ReadonlyArray<readonly [string, string]>;
}

const walks: Walk[] = [
  {
    name: "text-to-image's page at 80×24, paged down to its end and back",
    columns: 80,
    rows: 24,
    typed: "/text-to-image",
    steps: [key.pageDown, key.pageDown, key.pageDown, key.up, key.up, key.pageUp, key.down],
  },
  {
    name: "automatic-speech-recognition's page at 120×40",
    columns: 120,
    rows: 40,
    typed: "/automatic-speech-recognition",
    steps: [key.down, key.down, key.pageDown, key.pageDown, key.up],
  },
  { name: "the task list at 80×24", columns: 80, rows: 24, steps: [key.pageDown, key.pageDown, key.down, key.pageUp] },
  {
    name: "a model page's code at 80×24, scrolled down and sideways",
    columns: 80,
    rows: 24,
    model: "examples/whisper-large-v3.json",
    steps: [key.right, key.down, key.down, key.scrollRight, key.right, key.pageDown],
  },
];

// A record whose widget text holds what width functions disagree on: a tab, a ZWJ emoji sequence, a flag, a
// wide character and the ambiguous-width characters the browser itself draws (… › ·).
const work = mkdtempSync(join(tmpdir(), "browser-frames-"));
const widths = join(work, "widths.json");
writeFileSync(
  widths,
  JSON.stringify({
    id: "acme/widths",
    pipeline_tag: "text-classification",
    widgetData: [{ text: "tab\there, family 👨‍👩‍👧 flag 🇫🇷 wide 日本 marks e\u0301 … › · ─ done, and long enough to pass the edge of the screen" }],
    inferenceProviderMapping: { "hf-inference": { providerId: "acme/widths", status: "live", task: "text-classification" } },
  }),
);
walks.push({
  name: "a record's tabs, emoji and ambiguous-width characters in code at 80×24",
  columns: 80,
  rows: 24,
  model: widths,
  steps: [key.right, key.right, key.scrollRight, key.scrollRight, key.right],
});

// A session that outlives each test's, so that the server never exits between two tests (browser-tmux.test.ts says why).
beforeAll(() => {
  if (hasTool("tmux")) spawnSync("tmux", ["-L", socket, "new-session", "-d", "-s", "keepalive", "sleep 3600"]);
});
afterEach(() => {
  spawnSync("tmux", ["-L", socket, "kill-session", "-t", "browser"]);
});
afterAll(() => {
  spawnSync("tmux", ["-L", socket, "kill-server"]);
  rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!hasTool("tmux"))("the terminal's screen is the frame, key after key (tmux)", () => {
  it.each(walks)(
    "$name",
    async ({ columns, rows, model, typed, steps }) => {
      const args = model ? ["--model", model] : [];
      // Without colour, as the frame drawn here (chalk finds no colour in a test): the chosen tab and snippet are then
      // marked with brackets on both, which take the width the padding of the coloured marks does.
      const command = ["env", "NO_COLOR=1", process.execPath, cliPath, ...args].map((word) => `'${word}'`).join(" ");
      tmux("new-session", "-d", "-c", process.cwd(), "-s", "browser", "-x", String(columns), "-y", String(rows), command);
      const view = renderApp({ columns, rows, initialModel: model ? { model: record(model), origin: model } : undefined });
      await type(view.stdin);
      // The size reaches the app in an effect after its first frame: wait for the frame drawn at it.
      await vi.waitFor(() => {
        const drawn = rowsOf(view.frame());
        expect(drawn).toHaveLength(rows - 1);
        expect(Math.max(...drawn.map((row) => stringWidth(row)))).toBeLessThanOrEqual(columns);
      });
      await screenBecomes(view.frame(), "the start");
      if (typed) {
        tmux("send-keys", "-t", "browser", typed, "Enter");
        await type(view.stdin, `${typed}\r`);
        await screenBecomes(view.frame(), typed);
      }
      for (const [terminalKey, input] of steps) {
        tmux("send-keys", "-t", "browser", terminalKey);
        await type(view.stdin, input);
        await screenBecomes(view.frame(), terminalKey);
      }
      expect(view.frame()).not.toBe("");
    },
    90_000,
  );
});
