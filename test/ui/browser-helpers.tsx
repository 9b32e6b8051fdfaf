import { render } from "ink-testing-library";
import { expect, vi } from "vitest";
import { listTasks } from "../../src/catalogue/tasks.js";
import { readModelRecord } from "../../src/model/read.js";
import type { ModelRecord } from "../../src/model/record.js";
import { App, type BrowserServices, type OpenModel } from "../../src/ui/browser/App.js";
import { browserServices } from "../../src/ui/browser/run.js";
import { keysSettled } from "../../src/ui/browser/use-keys.js";

export const tasks = listTasks();
export const taskById = (id: string) => {
  const task = tasks.find((entry) => entry.id === id);
  if (!task) throw new Error(`no task ${id}`);
  return task;
};

export const keys = { up: "\u001b[A", down: "\u001b[B", right: "\u001b[C", left: "\u001b[D", escape: "\u001b", enter: "\r", tab: "\t", backspace: "\u007f" };

type Stdin = { write: (data: string) => void; listenerCount: (event: string) => number };

/** Waits until the app reads the keyboard: Ink starts reading after the first frame, in an effect. */
export async function listening(stdin: Stdin) {
  await vi.waitFor(() => expect(stdin.listenerCount("readable")).toBeGreaterThan(0), { timeout: 5_000 });
}

/**
 * Writes each input as its own chunk, as a terminal sends what is typed, and waits until the app has handled its
 * keys and drawn the frame they make (no fixed pause: a busy machine takes what it takes).
 */
export async function type(stdin: Stdin, ...inputs: string[]) {
  await listening(stdin);
  for (const input of inputs) {
    stdin.write(input);
    // Ink holds a lone Esc back until its own next turn of the event loop (it could begin an arrow's sequence).
    if (input.endsWith("\u001b")) await new Promise((resolve) => setImmediate(resolve));
    await keysSettled();
  }
  await keysSettled();
}

/** Writes one chunk, then waits until the frame shows `text`: screens change only after React renders. */
export async function press(view: { stdin: Stdin; lastFrame: () => string | undefined }, input: string, text: string) {
  await listening(view.stdin);
  view.stdin.write(input);
  await vi.waitFor(() => expect(view.lastFrame() ?? "").toContain(text), { timeout: 5_000 });
}

export const fixture = (name: string) => `test/fixtures/browser/${name}`;
export const record = (path: string): ModelRecord => readModelRecord(path);

/** For tests that write no notebook: `n` says so rather than writing into the working folder. */
export const noNotebookSaver = async (): Promise<string> => {
  throw new Error("This test writes no notebook.");
};

/** The browser's own services, with a copy that touches no clipboard and no notebook written in the working folder. */
export const services: BrowserServices = { ...browserServices, tasks, copy: async () => "Copied to the clipboard.", saveNotebook: noNotebookSaver };

/** The whole browser at a terminal size (ink-testing-library's stdout says 100 columns; rows default to 24). */
export function renderApp(options: { columns?: number; rows?: number; initialModel?: OpenModel; services?: Partial<BrowserServices> } = {}) {
  const view = render(<App services={{ ...services, ...options.services }} initialModel={options.initialModel} />);
  if (options.columns !== undefined || options.rows !== undefined) {
    if (options.columns !== undefined) Object.defineProperty(view.stdout, "columns", { value: options.columns, configurable: true });
    if (options.rows !== undefined) Object.defineProperty(view.stdout, "rows", { value: options.rows, configurable: true });
    view.stdout.emit("resize");
  }
  const frame = () => view.lastFrame() ?? "";
  const footer = () => frame().split("\n").at(-1) ?? "";
  return { ...view, frame, footer };
}
