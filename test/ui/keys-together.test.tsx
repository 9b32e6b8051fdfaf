import { describe, expect, it, vi } from "vitest";
import { listModalities } from "../../src/catalogue/pipelines.js";
import { taskModality } from "../../src/catalogue/tasks.js";
import type { Key } from "ink";
import { render } from "ink-testing-library";
import { splitKeys } from "../../src/ui/browser/key-presses.js";
import { TaskListScreen } from "../../src/ui/browser/TaskListScreen.js";
import { fixture, keys, listening, record, renderApp, tasks } from "./browser-helpers.js";
import { keysSettled } from "../../src/ui/browser/use-keys.js";

// A held key (auto-repeat), a fast typist or a script sends several keys in one chunk: each one counts. Each test
// writes its keys once, as one chunk, and waits for the frame they make.
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

describe("keys that arrive together", () => {
  it("moves three snippets for three → sent together", async () => {
    const llamaFile = "examples/llama-3.1-8b-instruct.json";
    const view = renderApp({ initialModel: { model: record(llamaFile), origin: llamaFile } });
    await vi.waitFor(() => expect(view.frame()).toContain("Snippet: [python/huggingface_hub] 1 of"), { timeout: 10_000 });
    await listening(view.stdin);
    view.stdin.write(keys.right.repeat(3));
    await keysSettled();
    expect(plain(view.frame())).toMatch(/Snippet: \[\S+\] 4 of/);
  });

  it("moves five rows on the task list for five ↓ sent together", async () => {
    const view = render(<TaskListScreen tasks={tasks} modalities={listModalities()} modalityOf={taskModality} height={20} active onOpen={vi.fn()} />);
    await vi.waitFor(() => expect(view.lastFrame()).toContain(`› ${tasks[0]!.id}`), { timeout: 10_000 });
    await listening(view.stdin);
    view.stdin.write(keys.down.repeat(5));
    await keysSettled();
    expect(view.lastFrame()).toContain(`› ${tasks[5]!.id}`);
  });

  it("counts each Enter of two sent together: the local app's third command", async () => {
    const view = renderApp({ initialModel: { model: record(fixture("llama-gguf.json")), origin: fixture("llama-gguf.json") } });
    await vi.waitFor(() => expect(plain(view.frame())).toMatch(/App:\s+\[llama\.cpp 1\/3/), { timeout: 10_000 });
    await listening(view.stdin);
    view.stdin.write("\r\r");
    await keysSettled();
    expect(plain(view.frame())).toMatch(/App:\s+\[llama\.cpp 3\/3/);
  });

  it("opens the task page, then its model chooser, for /fill-mask, Enter and s in one chunk", async () => {
    const view = renderApp();
    await vi.waitFor(() => expect(view.frame()).toContain("press / and type to filter"), { timeout: 10_000 });
    await listening(view.stdin);
    view.stdin.write("/fill-mask\rs");
    await keysSettled();
    expect(view.frame()).toContain("Fill-Mask: choose a model");
  });

  it("types q into the filter opened by the / of the same chunk, and does not quit", async () => {
    const view = renderApp();
    await vi.waitFor(() => expect(view.frame()).toContain("press / and type to filter"), { timeout: 10_000 });
    await listening(view.stdin);
    view.stdin.write("/qu");
    await keysSettled();
    expect(view.frame()).toContain("Filter: qu");
  });
});

describe("splitKeys", () => {
  const none = splitKeys("x", {} as Key)[0]!.key;
  it("reads each character of a chunk as Ink reads it alone", () => {
    const presses = splitKeys("aB \t\r\u007f\u0003", none);
    expect(presses.map((press) => press.input)).toEqual(["a", "B", " ", "", "", "", "c"]);
    expect(presses[1]!.key.shift).toBe(true);
    expect(presses[3]!.key.tab).toBe(true);
    expect(presses[4]!.key.return).toBe(true);
    expect(presses[5]!.key.delete).toBe(true);
    expect(presses[6]!.key.ctrl).toBe(true);
  });

  it("keeps a single key, an escape sequence's key and a whole emoji as they came", () => {
    const arrow = { ...none, downArrow: true };
    expect(splitKeys("", arrow)).toEqual([{ input: "", key: arrow }]);
    expect(splitKeys("é", none)).toHaveLength(1);
    expect(splitKeys("n🤗n", none).map((press) => press.input)).toEqual(["n", "🤗", "n"]);
    expect(splitKeys("a\r\nb", none).map((press) => press.key.return)).toEqual([false, true, false]);
  });
});
