import { describe, expect, it } from "vitest";
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
