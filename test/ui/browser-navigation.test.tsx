import { describe, expect, it, vi } from "vitest";
import { allKeys } from "../../src/ui/browser/keys.js";
import { helpRows } from "../../src/ui/browser/HelpView.js";
import { keys, record, renderApp, tasks, type } from "./browser-helpers.js";

const home = "\u001b[H";
const end = "\u001b[F";
const selectedRow = (frame: string) =>
  frame
    .split("\n")
    .find((row) => row.startsWith("›"))
    ?.slice(2)
    .trim()
    .split(/\s+/)[0];

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
    const row = view
      .frame()
      .split("\n")
      .find((line) => line.startsWith("›"));
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
      const expected = plain(
        helpRows(allKeys, columns - 1)
          .map((row) => `${row.title ?? ""}${row.text}`)
          .join("\n"),
      ).split("\n");
      const seen: string[] = [];
      for (let page = 0; page < 10 && !seen.includes("Press ? or Esc to close."); page += 1) {
        const frame = plain(view.frame()).split("\n");
        expect(frame.length).toBeLessThanOrEqual(rows);
        for (const row of frame) expect(row.length).toBeLessThanOrEqual(columns);
        // The help's rows: between the heading row and the footer, without the view's padding and the position row.
        const body = frame
          .slice(1, -1)
          .map((row) => row.slice(1).trimEnd())
          .filter((row) => row !== "" && !row.startsWith("rows "));
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

describe("a catalogue model's guessed record (issue 56, 2 and 3)", () => {
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  const openGuessed = async (columns: number, rows: number, copied: string[]) => {
    const view = renderApp({
      columns,
      rows,
      services: {
        copy: async (text: string) => {
          copied.push(text);
          return "Copied to the clipboard.";
        },
      },
    });
    await type(view.stdin, "/text-to-image\r", "s", keys.enter);
    return view;
  };

  it("wraps the fetch command whole, its '> <name>.json' included, at 80 columns", async () => {
    const model = tasks.find((task) => task.id === "text-to-image")!.models[0]!.id;
    const view = await openGuessed(80, 30, []);
    const frame = plain(view.frame());
    for (const row of frame.split("\n")) expect(row.length).toBeLessThanOrEqual(80);
    const file = `${model.split("/").at(-1)}.json`;
    // The rows joined, without the wrapping's indents: the command whole, to its file.
    const joined = frame
      .split("\n")
      .map((row) => row.trim())
      .join("")
      .replace(/\s/g, "");
    expect(joined).toContain(`expand[]=disabled'>${file}`);
    expect(frame).not.toMatch(/curl[^\n]*…/);
    view.unmount();
  });

  it("copies the fetch command with f, and says so", async () => {
    const model = tasks.find((task) => task.id === "text-to-image")!.models[0]!.id;
    const copied: string[] = [];
    const view = await openGuessed(100, 30, copied);
    expect(plain(view.frame())).toMatch(/f copies it/);
    await type(view.stdin, "f");
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatch(new RegExp(`^curl -sg 'https://huggingface.co/api/models/${model.replace(".", "\\.")}\\?.*' > \\S+\\.json$`));
    expect(plain(view.frame())).toContain("Copied to the clipboard.");
    view.unmount();
  });

  it("says the providers p offers are guesses too, instead of hf-inference alone", async () => {
    const view = await openGuessed(100, 30, []);
    const frame = plain(view.frame()).replace(/\s+/g, " ");
    expect(frame).toMatch(/p: 1 of \d+/);
    expect(frame).not.toContain("hf-inference alone is assumed");
    expect(frame).toContain("the providers p offers are guesses too");
    view.unmount();
  });
});

describe("the model page's lines stay put (issue 56, 8)", () => {
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  const qwen = "examples/qwen2.5-7b-instruct.json";
  const whisper = "examples/whisper-large-v3.json";

  it("numbers one client's snippets #1, #2, so the line says its count once", async () => {
    const view = renderApp({ columns: 120, rows: 30, initialModel: { model: record(qwen), origin: qwen } });
    await type(view.stdin);
    for (let press = 0; press < 3 && !view.frame().includes("[Library]"); press += 1) await type(view.stdin, keys.tab);
    const line = plain(view.frame())
      .split("\n")
      .find((row) => row.startsWith("Snippet:"))!;
    expect(line).toBe("Snippet: [python/transformers #1] 1 of 2, ←/→ for python/transformers #2");
    view.unmount();
  });

  it("keeps the status row on the same row whatever the code's length", async () => {
    const copied: string[] = [];
    const view = renderApp({
      columns: 100,
      rows: 40,
      initialModel: { model: record(whisper), origin: whisper },
      services: { copy: async (text) => (copied.push(text), `Copied ${copied.length}.`) },
    });
    await type(view.stdin, "c");
    const rowOf = (text: string) =>
      plain(view.frame())
        .split("\n")
        .findIndex((row) => row.includes(text));
    await vi.waitFor(() => expect(rowOf("Copied 1.")).toBeGreaterThan(0));
    const first = { row: rowOf("Copied 1."), rows: view.frame().split("\n").length };
    // The snippets differ in length: the last (curl) is the longest, the first (an SDK call) short.
    await type(view.stdin, keys.left, "c");
    await vi.waitFor(() => expect(rowOf("Copied 2.")).toBeGreaterThan(0));
    expect(copied[0]!.split("\n").length).not.toBe(copied[1]!.split("\n").length);
    expect(rowOf("Copied 2.")).toBe(first.row);
    expect(view.frame().split("\n").length).toBe(first.rows);
    view.unmount();
  });
});

describe("the footer and the status row (issue 56, 8)", () => {
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  const qwen = "examples/qwen2.5-7b-instruct.json";

  it("shows the same keys on every tab of a page at the same width", async () => {
    const view = renderApp({ columns: 200, rows: 30, initialModel: { model: record(qwen), origin: qwen } });
    await type(view.stdin);
    const footers = new Set<string>();
    const tabs = new Set<string>();
    // Round every tab and back to the first (the first frame's footer may be drawn before the terminal's width is read).
    for (let press = 0; press < 4; press += 1) {
      await type(view.stdin, keys.tab);
      tabs.add(
        plain(view.frame())
          .split("\n")
          .find((row) => row.includes("["))!,
      );
      footers.add(view.footer());
    }
    expect(tabs.size).toBeGreaterThan(1);
    expect([...footers]).toHaveLength(1);
    expect([...footers][0]).toMatch(/p provider.*s stream/);
    view.unmount();
  });

  it("says why a key of another tab does nothing here", async () => {
    const view = renderApp({ columns: 120, rows: 30, initialModel: { model: record(qwen), origin: qwen } });
    await type(view.stdin);
    for (let press = 0; press < 4 && !view.frame().includes("[Library]"); press += 1) await type(view.stdin, keys.tab);
    expect(view.frame()).toContain("[Library]");
    await type(view.stdin, "p");
    expect(plain(view.frame())).toContain("p: this tab has no provider choice");
    view.unmount();
  });

  it("wraps a long status onto more rows instead of cutting it, keeping the frame's height", async () => {
    const advice = `Copied with OSC 52. ${"In tmux, allow it with: set -g set-clipboard on. ".repeat(2)}The end.`;
    const view = renderApp({
      columns: 60,
      rows: 24,
      initialModel: { model: record(qwen), origin: qwen },
      services: { copy: async () => advice },
    });
    await type(view.stdin);
    const rows = view.frame().split("\n").length;
    await type(view.stdin, "c");
    await vi.waitFor(() => expect(plain(view.frame())).toContain("The end."));
    const frame = plain(view.frame());
    expect(frame.replace(/\s+/g, " ")).toContain(advice.replace(/\s+/g, " ").trim());
    expect(view.frame().split("\n").length).toBe(rows);
    for (const row of frame.split("\n")) expect([...row].length).toBeLessThanOrEqual(60);
    view.unmount();
  });

  it("lists f, which copies a guessed record's fetch command, in the help", () => {
    const model = allKeys.find((section) => section.title === "Model page")!;
    expect(model.hints.map((hint) => hint.keys)).toContain("f");
    expect(
      helpRows(allKeys, 80)
        .map((row) => row.text)
        .join(" "),
    ).toContain("f copy fetch command");
  });
});
