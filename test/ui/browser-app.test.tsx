import { describe, expect, it, vi } from "vitest";
import { fittingHints } from "../../src/ui/browser/Footer.js";
import { modelPageKeys, taskListKeys } from "../../src/ui/browser/keys.js";
import { fixture, keys, press, record, renderApp, taskById, type } from "./browser-helpers.js";

describe("the browser's help (?)", () => {
  it("closes back onto the model page with the same model and snippet, with ? or Esc", async () => {
    const view = renderApp();
    const { stdin, frame } = view;
    const firstModel = taskById("text-to-image").models[0]!.id;
    await press(view, "/text-to-image\r", "s snippets");
    await press(view, "s", "choose a model");
    await press(view, keys.enter, `Model: ${firstModel}`);
    // The answer opens on Python's SDK: the second snippet is Python's raw HTTP call, the third JS's SDK.
    await press(view, keys.right, "[python/requests]");
    await press(view, keys.right, "[js/huggingface.js]");
    for (const close of ["?", keys.escape]) {
      await type(stdin, "?");
      expect(frame()).toContain("Copying (c)");
      await type(stdin, close);
      await vi.waitFor(() => expect(frame()).not.toContain("Copying (c)"));
      expect(frame()).toContain(`Model: ${firstModel}`);
      expect(frame()).toContain("[js/huggingface.js]");
      expect(frame()).not.toContain("choose a model");
    }
  });

  it("says how copying works and how to let tmux pass OSC 52 on", async () => {
    const { stdin, frame } = renderApp();
    await type(stdin, "?");
    expect(frame()).toContain("OSC 52");
    expect(frame().replace(/\s+/g, " ")).toContain("set -g set-clipboard on");
  });
});

describe("the browser's footer", () => {
  it("shows the chooser's keys on the model chooser, and the path input's keys while typing a path", async () => {
    const view = renderApp();
    const { stdin, footer } = view;
    await press(view, "/translation\r", "s snippets");
    await press(view, "s", "choose a model");
    expect(footer()).toContain("Enter use model");
    expect(footer()).toContain("p type a path");
    expect(footer()).not.toMatch(/client|c copy/);
    await type(stdin, "p");
    expect(footer()).toContain("Enter load");
    expect(footer()).toContain("Esc clear / back");
    expect(footer()).not.toMatch(/client|c copy|p type a path/);
  });

  it("keeps ? keys on the task list at 80 columns, uncut", async () => {
    const { footer } = renderApp({ columns: 80 });
    await vi.waitFor(() => expect(footer()).toMatch(/\? keys$/));
    expect(footer()).not.toContain("…");
    expect([...footer()].length).toBeLessThanOrEqual(80);
  });

  it("drops hints from the end, never the last one, when the width is short", () => {
    const fitted = fittingHints(modelPageKeys, 40);
    expect(fitted.at(-1)).toEqual({ keys: "?", action: "keys" });
    expect(fitted.length).toBeLessThan(modelPageKeys.length);
    expect(fittingHints(taskListKeys, 200)).toEqual(taskListKeys);
  });
});

describe("a task without inference snippets", () => {
  it("says so on its task page before s is pressed, and offers no example models", async () => {
    const view = renderApp();
    const { stdin, frame } = view;
    await press(view, "/reinforcement-learning\r", "hub-snippets › Reinforcement Learning");
    expect(frame()).not.toContain("Press s for code snippets");
    expect(frame()).toContain("No inference snippets for this task");
    await type(stdin, "s");
    expect(frame()).toContain("has no inference snippets");
    for (const model of taskById("reinforcement-learning").models) expect(frame()).not.toContain(model.id);
    // As every other chooser, it opens on its (empty) list: p opens the path input, and is no text (issue 56, 7).
    expect(frame()).toContain("p: type the path of a model record file");
    expect(frame()).not.toContain("Model record file:");
    expect(view.footer()).toContain("p type a path");
    await type(stdin, "p", "example:flux.1-dev");
    expect(frame()).toContain("Model record file: example:flux.1-dev");
    expect(frame()).not.toContain("pexample");
    await type(stdin, keys.escape, keys.escape);
    expect(frame()).toContain("p: type the path of a model record file");
    await type(stdin, keys.escape);
    expect(frame()).toContain("No inference snippets for this task");
  });

  it("still opens a record of such a task that has library code", async () => {
    const view = renderApp();
    const { frame } = view;
    await press(view, "/reinforcement-learning\r", "hub-snippets › Reinforcement Learning");
    await press(view, "s", "p: type the path");
    await press(view, "p", "Model record file:");
    await press(view, `${fixture("rl-agent.json")}\r`, "Model: sb3/ppo-CartPole-v1");
    expect(frame()).toMatch(/^\[Library\]$/m);
    expect(frame()).not.toContain("Inference");
    expect(view.footer()).not.toMatch(/Tab tab|p provider|s stream/);
  });
});

describe("a record of another task", () => {
  it("names the record's own task and model id, not the task it was chosen from nor the file path", async () => {
    const view = renderApp();
    const { frame } = view;
    await press(view, "/text-to-image\r", "s snippets");
    await press(view, "s", "choose a model");
    await press(view, "p", "Model record file:");
    await press(view, "examples/whisper-large-v3.json\r", "Model: openai/whisper-large-v3");
    const [breadcrumb] = frame().split("\n");
    expect(breadcrumb).toBe("hub-snippets › Automatic Speech Recognition › openai/whisper-large-v3");
    expect(frame()).not.toContain("Text-to-Image");
    expect(frame()).not.toMatch(/Model: examples\//);
  });
});

describe("opened on a model (--model)", () => {
  it("starts on the model page, and Esc goes to the model's task page", async () => {
    const model = record("examples/llama-3.1-8b-instruct.json");
    const { stdin, frame } = renderApp({ initialModel: { model, origin: "examples/llama-3.1-8b-instruct.json" } });
    await vi.waitFor(() => expect(frame()).toContain("Model: meta-llama/Llama-3.1-8B-Instruct"));
    expect(frame().split("\n")[0]).toBe("hub-snippets › Text Generation › meta-llama/Llama-3.1-8B-Instruct");
    await type(stdin, keys.escape);
    expect(frame().split("\n")[0]).toBe("hub-snippets › Text Generation");
  });
});

describe("the model page's status line at 80×24", () => {
  const llamaFile = "examples/llama-3.1-8b-instruct.json";
  // Longer than a row: what a copy through OSC 52 used to say, on a snippet taller than the screen.
  const longMessage = "Sent an OSC 52 copy request; if nothing was copied, your terminal may block it (? says how to allow it in tmux).";

  it("keeps the frame where it was after c: same rows, same heading, the whole message under the code", async () => {
    const view = renderApp({ columns: 80, initialModel: { model: record(llamaFile), origin: llamaFile }, services: { copy: async () => longMessage } });
    const { stdin, frame } = view;
    await vi.waitFor(() => expect(frame()).toContain("Stream: off"));
    // Sent together, as a fast typist's keys reach the terminal: each one counts.
    await type(stdin, `s${keys.right}${keys.right}`);
    await vi.waitFor(() => expect(frame()).toMatch(/python\/requests\] .*\n(.*\n)*lines 1–\d+ of \d+/));
    const before = frame().split("\n");
    // The title, the page and the footer: the 24 rows less the one the cursor rests on.
    expect(before).toHaveLength(23);
    await type(stdin, "c");
    await vi.waitFor(() => expect(frame()).toContain("Sent an OSC 52 copy request"));
    const after = frame().split("\n");
    expect(after).toHaveLength(before.length);
    // The rows above the code's last ones and the footer stay; the message, wrapped, takes the code's last row.
    const changed = after.map((line, index) => (line === before[index] ? undefined : index)).filter((index) => index !== undefined);
    expect(after.slice(0, changed[0])).toEqual(before.slice(0, changed[0]));
    expect(after.at(-1)).toBe(before.at(-1));
    const plainRows = after.map((line) => line.replace(/\u001b\[[0-9;]*m/g, ""));
    const status = plainRows.findIndex((row) => row.startsWith("Sent an OSC 52 copy request"));
    expect(
      plainRows
        .slice(status, status + 2)
        .map((row) => row.trim())
        .join(" "),
    ).toBe(longMessage);
    for (const row of plainRows) expect([...row].length).toBeLessThanOrEqual(80);
  });

  it("shows a copy's status under the snippet copied, not under one shown after the copy began", async () => {
    let finish: (how: string) => void = () => {};
    const copy = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const view = renderApp({ columns: 80, initialModel: { model: record(llamaFile), origin: llamaFile }, services: { copy } });
    await type(view.stdin, "c", keys.right);
    expect(view.frame()).toContain("Snippet: [python/openai");
    finish("Copied to the clipboard.");
    await type(view.stdin, keys.down);
    expect(view.frame()).not.toContain("Copied to the clipboard.");
    await type(view.stdin, keys.left, "c");
    finish("Copied to the clipboard.");
    await vi.waitFor(() => expect(view.frame()).toContain("Copied to the clipboard."));
  });

  it("says so when i is pressed on a snippet with no install line", async () => {
    const copy = vi.fn(async () => "Copied to the clipboard.");
    const view = renderApp({ columns: 80, initialModel: { model: record(llamaFile), origin: llamaFile }, services: { copy } });
    const { stdin, frame } = view;
    await vi.waitFor(() => expect(frame()).toContain("Stream: off"));
    for (let step = 0; step < 7 && !frame().includes("Snippet: [js/fetch"); step += 1) await type(stdin, keys.right);
    expect(frame()).toContain("Snippet: [js/fetch");
    await type(stdin, "i");
    await vi.waitFor(() => expect(frame()).toContain("No install line: this snippet installs nothing first (c copies the code)."));
    expect(copy).not.toHaveBeenCalled();
  });
});

describe("typing, help and quitting", () => {
  it("quits with q on every screen outside a text input", async () => {
    for (const setUp of [[], ["/fill-mask\r"], ["/fill-mask\r", "s"], ["/text-classification\r", "d"]]) {
      const view = renderApp();
      await vi.waitFor(() => expect(view.frame()).toContain("press / and type to filter"));
      await type(view.stdin, ...setUp);
      expect(view.footer()).toContain("q quit");
      expect(view.stdin.listenerCount("readable")).toBeGreaterThan(0);
      view.stdin.write("q");
      // The app has ended: Ink reads the keyboard no more.
      await vi.waitFor(() => expect(view.stdin.listenerCount("readable")).toBe(0));
    }
  });

  it("takes ? and q into the task filter, and the footer says how to leave it", async () => {
    const view = renderApp({ columns: 80 });
    const { stdin, frame, footer } = view;
    await vi.waitFor(() => expect(footer()).toMatch(/^\/ filter .*q quit .*\? keys$/));
    await type(stdin, "/");
    await vi.waitFor(() => expect(footer()).toContain("Esc clear / close"));
    expect(footer()).toContain("Ctrl+C quit");
    expect(footer()).not.toContain("q quit");
    await type(stdin, "q", "?");
    await vi.waitFor(() => expect(frame()).toContain("Filter: q?"));
    expect(frame()).not.toContain("Copying (c)");
    await type(stdin, keys.escape, keys.escape);
    await vi.waitFor(() => expect(footer()).toContain("q quit"));
    await type(stdin, "?");
    await vi.waitFor(() => expect(frame()).toContain("Typing and quitting"));
    expect(frame().replace(/\s+/g, " ")).toContain("every printable key is text, q and ? included");
    expect(frame()).toContain("Ctrl+C quits anywhere");
  });
});

describe("a task's datasets (d)", () => {
  // The code is highlighted: its colours are left out to read it.
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
  const textClassification = taskById("text-classification");
  const [glue, snli] = textClassification.datasets.map((dataset) => dataset.id);

  it("says d on the task page, lists the task's datasets, and opens the chosen one's page with its code", async () => {
    expect(glue).toBe("nyu-mll/glue");
    expect(snli).toBe("stanfordnlp/snli");
    const view = renderApp();
    const { frame, footer } = view;
    await press(view, "/text-classification\r", "hub-snippets › Text Classification");
    expect(frame()).toContain("Press d for code that loads its datasets: nyu-mll/glue, stanfordnlp/snli");
    expect(footer()).toContain("d datasets");
    await press(view, "d", "Text Classification: choose a dataset");
    expect(frame().split("\n")[0]).toBe("hub-snippets › Text Classification › choose a dataset");
    expect(frame()).toContain(`› ${glue}`);
    expect(frame()).toContain(`  ${snli}`);
    expect(footer()).toContain("Enter open");
    await press(view, keys.down, `› ${snli}`);
    await press(view, keys.enter, `Dataset: ${snli}`);
    expect(frame().split("\n")[0]).toBe(`hub-snippets › Text Classification › ${snli}`);
    expect(plain(frame())).toContain(`load_dataset("${snli}")`);
    expect(frame()).toContain(`curl -s https://huggingface.co/api/datasets/${snli} > snli.json`);
    expect(footer()).toMatch(/←\/→ snippet {2}c copy {2}i copy install/);
  });

  it("copies the dataset page's code with c through the browser's copy service", async () => {
    const copy = vi.fn(async () => "Copied to the clipboard.");
    const view = renderApp({ services: { copy } });
    await press(view, "/text-classification\r", "hub-snippets › Text Classification");
    await press(view, "d", "choose a dataset");
    await press(view, keys.enter, `Dataset: ${glue}`);
    await press(view, "c", "Copied to the clipboard.");
    expect(copy).toHaveBeenLastCalledWith(`from datasets import load_dataset\n\nds = load_dataset("${glue}")\nprint(ds)`);
  });

  it("goes back with Esc: the dataset page to the chooser, the chooser to the task page", async () => {
    const view = renderApp();
    const { frame } = view;
    await press(view, "/text-classification\r", "hub-snippets › Text Classification");
    await press(view, "d", "choose a dataset");
    await press(view, keys.enter, `Dataset: ${glue}`);
    await press(view, keys.escape, "choose a dataset");
    await press(view, keys.escape, "Press d for code");
    expect(frame().split("\n")[0]).toBe("hub-snippets › Text Classification");
  });

  it("opens a task's only dataset straight away, and Esc goes back to the task page", async () => {
    const [only] = taskById("feature-extraction").datasets;
    expect(taskById("feature-extraction").datasets).toHaveLength(1);
    const view = renderApp();
    const { frame } = view;
    await press(view, "/feature-extraction\r", "hub-snippets › Feature Extraction");
    await press(view, "d", `Dataset: ${only!.id}`);
    expect(plain(frame())).toContain(`load_dataset("${only!.id}")`);
    expect(frame()).not.toContain("choose a dataset");
    await press(view, keys.escape, "Press d for code");
    expect(frame().split("\n")[0]).toBe("hub-snippets › Feature Extraction");
  });

  it("offers no d on the page of a task that names no datasets", async () => {
    expect(taskById("zero-shot-object-detection").datasets).toEqual([]);
    const view = renderApp();
    const { stdin, frame, footer } = view;
    await press(view, "/zero-shot-object-detection\r", "hub-snippets › Zero-Shot Object Detection");
    expect(frame()).not.toContain("Press d");
    expect(footer()).not.toContain("d datasets");
    await type(stdin, "d");
    expect(frame().split("\n")[0]).toBe("hub-snippets › Zero-Shot Object Detection");
  });

  it("lists the dataset keys in the help, which still fits 80×24 whole", async () => {
    const view = renderApp({ columns: 80 });
    const { stdin, frame } = view;
    await press(view, "/text-classification\r", "hub-snippets › Text Classification");
    await type(stdin, "?");
    await vi.waitFor(() => expect(frame()).toContain("Dataset page: ←/→ snippet · c copy · i copy install · n notebook\n"));
    expect(frame()).toContain("Task page: ↑/↓ PgUp/PgDn scroll · s snippets · d datasets");
    // Its first row and its last: nothing was cut off.
    expect(frame().split("\n")[1]).toMatch(/^ Keys/);
    expect(frame()).toContain("Press ? or Esc to close.");
  });
});
