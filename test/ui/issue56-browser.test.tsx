import { describe, expect, it } from "vitest";
import { allKeys } from "../../src/ui/browser/keys.js";
import { helpRows } from "../../src/ui/browser/HelpView.js";
import { keys, renderApp, tasks, type } from "./browser-helpers.js";

const home = "\u001b[H";
const end = "\u001b[F";
const selectedRow = (frame: string) => frame.split("\n").find((row) => row.startsWith("›"))?.slice(2).trim().split(/\s+/)[0];

describe("Esc from a task page keeps your place (issue 56, 4)", () => {
  it("keeps the list cursor on the task opened", async () => {
    const view = renderApp({ columns: 100, rows: 24 });
    await type(view.stdin, keys.down, keys.down, keys.down);
    const chosen = selectedRow(view.frame());
    expect(chosen).toBeDefined();
    expect(chosen).not.toBe(tasks[0]!.id);
    await type(view.stdin, keys.enter);
    expect(view.frame()).toContain("Press s for");
    await type(view.stdin, keys.escape);
    expect(view.frame()).toContain("Filter:");
    expect(selectedRow(view.frame())).toBe(chosen);
    view.unmount();
  });

  it("keeps the filter typed, with the cursor on the task opened", async () => {
    const view = renderApp({ columns: 100, rows: 24 });
    await type(view.stdin, "/", "text", keys.down, keys.enter);
    const opened = view.frame().split("\n")[0];
    expect(opened).toContain("hub-snippets › ");
    await type(view.stdin, keys.escape);
    expect(view.frame()).toMatch(/Filter: text/);
    const label = opened!.split(" › ")[1]!.trim();
    const row = view.frame().split("\n").find((line) => line.startsWith("›"));
    expect(row).toContain(label);
    view.unmount();
  });
});

describe("Home and End (issue 56, 5)", () => {
  it("go to the first and the last task of the list", async () => {
    const view = renderApp({ columns: 100, rows: 24 });
    await type(view.stdin, end);
    expect(selectedRow(view.frame())).toBe(tasks.at(-1)!.id);
    await type(view.stdin, home);
    expect(selectedRow(view.frame())).toBe(tasks[0]!.id);
    view.unmount();
  });

  it("go to the top and the bottom of a task page", async () => {
    const view = renderApp({ columns: 80, rows: 20 });
    await type(view.stdin, "/text-to-image\r");
    const where = () => /lines (\d+)–(\d+) of (\d+)/.exec(view.frame());
    expect(where()?.[1]).toBe("1");
    await type(view.stdin, end);
    expect(where()?.[2]).toBe(where()?.[3]);
    await type(view.stdin, home);
    expect(where()?.[1]).toBe("1");
    view.unmount();
  });
});

describe("the help (?) on a terminal shorter than it (issue 56, 1)", () => {
  const pageDown = "\u001b[6~";
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  for (const [columns, rows] of [
    [80, 20],
    [70, 24],
    [100, 16],
    [60, 20],
  ] as const) {
    it(`shows every row whole, page after page, and never draws one over another, at ${columns}×${rows}`, async () => {
      const view = renderApp({ columns, rows });
      await type(view.stdin, "?");
      const expected = plain(helpRows(allKeys, columns - 1).map((row) => `${row.title ?? ""}${row.text}`).join("\n")).split("\n");
      const seen: string[] = [];
      for (let page = 0; page < 10 && !seen.includes("Press ? or Esc to close."); page += 1) {
        const frame = plain(view.frame()).split("\n");
        expect(frame.length).toBeLessThanOrEqual(rows);
        for (const row of frame) expect(row.length).toBeLessThanOrEqual(columns);
        // The help's rows: between the heading row and the footer, without the view's padding and the position row.
        const body = frame.slice(1, -1).map((row) => row.slice(1).trimEnd()).filter((row) => row !== "" && !row.startsWith("rows "));
        for (const row of body) if (!seen.includes(row)) seen.push(row);
        await type(view.stdin, pageDown);
      }
      expect(seen).toEqual(expected.map((row) => row.trimEnd()));
      expect(seen.join(" ")).toContain("In tmux, allow it with: set -g set-clipboard on");
      view.unmount();
    });
  }

  it("says that it scrolls, and goes to its end with End and back with Home", async () => {
    const view = renderApp({ columns: 60, rows: 20 });
    await type(view.stdin, "?");
    expect(view.footer()).toContain("↑/↓ scroll");
    expect(view.frame()).toMatch(/rows 1–\d+ of \d+/);
    await type(view.stdin, end);
    expect(view.frame()).toContain("Press ? or Esc to close.");
    await type(view.stdin, home);
    expect(view.frame().split("\n")[1]).toMatch(/^ Keys/);
    view.unmount();
  });
});
