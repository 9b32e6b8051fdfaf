import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { listModalities } from "../../src/catalogue/pipelines.js";
import { listTasks, taskModality } from "../../src/catalogue/tasks.js";
import { taskDocument } from "../../src/presenters/task-document.js";
import { App, type BrowserServices } from "../../src/ui/browser/App.js";
import { makeSnippets } from "../../src/ui/browser/run.js";
import { SnippetScreen } from "../../src/ui/browser/SnippetScreen.js";
import { TaskListScreen } from "../../src/ui/browser/TaskListScreen.js";
import { TaskScreen } from "../../src/ui/browser/TaskScreen.js";

const tasks = listTasks();
const modalities = listModalities();
const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
const keys = { up: "\u001b[A", down: "\u001b[B", right: "\u001b[C", left: "\u001b[D", escape: "\u001b", enter: "\r", tab: "\t", backspace: "\u007f" };

async function type(stdin: { write: (data: string) => void }, ...inputs: string[]) {
  await tick();
  for (const input of inputs) {
    stdin.write(input);
    await tick();
  }
}

function taskList(overrides: Partial<Parameters<typeof TaskListScreen>[0]> = {}) {
  const onOpen = vi.fn();
  const onQuit = vi.fn();
  const view = render(
    <TaskListScreen tasks={tasks} modalities={modalities} modalityOf={taskModality} height={20} active onOpen={onOpen} onQuit={onQuit} {...overrides} />,
  );
  return { ...view, onOpen, onQuit };
}

describe("TaskListScreen", () => {
  it("filters as you type, best id match first, and opens the selection", async () => {
    const { stdin, lastFrame, onOpen } = taskList();
    await type(stdin, "t", "e", "x", "t", "-", "t", "o", "-", "i", "m");
    const frame = lastFrame() ?? "";
    expect(frame).toContain("Filter: text-to-im");
    expect(frame).toMatch(/› text-to-image/);
    expect(frame).not.toContain("audio-classification");
    await type(stdin, keys.enter);
    expect(onOpen).toHaveBeenCalledWith("text-to-image");
  });

  it("moves the selection with the arrows", async () => {
    const { stdin, onOpen } = taskList();
    await type(stdin, keys.down, keys.down, keys.up, keys.enter);
    expect(onOpen).toHaveBeenCalledWith(tasks[1]?.id);
  });

  it("cycles modalities with Tab and Esc clears the filter first", async () => {
    const { stdin, lastFrame } = taskList();
    await type(stdin, keys.tab);
    expect(lastFrame()).toContain(`Modality: ${modalities[0]?.label}`);
    await type(stdin, "z", "z", "z");
    expect(lastFrame()).toContain("No task matches");
    await type(stdin, keys.escape);
    expect(lastFrame()).toContain("type to filter");
    expect(lastFrame()).toContain(`Modality: ${modalities[0]?.label}`);
    await type(stdin, keys.escape);
    expect(lastFrame()).toContain("Modality: all");
  });

  it("quits on q only when the filter is empty", async () => {
    const { stdin, lastFrame, onQuit } = taskList();
    await type(stdin, "a", "q");
    expect(onQuit).not.toHaveBeenCalled();
    expect(lastFrame()).toContain("Filter: aq");
    await type(stdin, keys.escape, "q");
    expect(onQuit).toHaveBeenCalledTimes(1);
  });

  it("opens the first match when text and Enter arrive in one chunk", async () => {
    const { stdin, onOpen } = taskList();
    await type(stdin, "fill-mask\r");
    expect(onOpen).toHaveBeenCalledWith("fill-mask");
  });
});

describe("TaskScreen", () => {
  it("shows the task page, scrolls, and goes to snippets or back", async () => {
    const onSnippets = vi.fn();
    const onBack = vi.fn();
    const document = taskDocument(tasks.find((task) => task.id === "object-detection")!);
    const { stdin, lastFrame } = render(
      <TaskScreen document={document} width={80} height={10} active onSnippets={onSnippets} onBack={onBack} onQuit={vi.fn()} />,
    );
    expect(lastFrame()).toMatch(/^Object Detection/);
    expect(lastFrame()).toMatch(/lines 1–9 of \d+/);
    await type(stdin, keys.down);
    expect(lastFrame()).toMatch(/lines 2–10 of \d+/);
    expect(lastFrame()).not.toMatch(/^Object Detection/);
    await type(stdin, "s");
    expect(onSnippets).toHaveBeenCalled();
    await type(stdin, keys.escape);
    expect(onBack).toHaveBeenCalled();
  });
});

describe("SnippetScreen", () => {
  const textToImage = tasks.find((task) => task.id === "text-to-image")!;

  function snippetScreen(copy = vi.fn(async () => "Copied to the clipboard.")) {
    const view = render(
      <SnippetScreen
        taskLabel={textToImage.label}
        exampleModels={textToImage.models.map((model) => model.id)}
        width={100}
        height={30}
        active
        makeSnippets={(source) => makeSnippets(textToImage, source)}
        copy={copy}
        onBack={vi.fn()}
        onQuit={vi.fn()}
      />,
    );
    return { ...view, copy };
  }

  it("loads an example model, switches clients and copies the shown snippet", async () => {
    const { stdin, lastFrame, copy } = snippetScreen();
    expect(lastFrame()).toContain(textToImage.models[0]!.id);
    await type(stdin, keys.enter);
    expect(lastFrame()).toContain("js/fetch");
    await type(stdin, keys.right, keys.right);
    expect(lastFrame()).toContain("python/requests");
    await type(stdin, "c");
    const expected = makeSnippets(textToImage, { kind: "example", id: textToImage.models[0]!.id });
    if (!("snippets" in expected)) throw new Error("text-to-image should have snippets");
    expect(copy).toHaveBeenCalledWith(expected.snippets.find((snippet) => snippet.client === "requests")?.content);
    await vi.waitFor(() => expect(lastFrame()).toContain("Copied to the clipboard."));
  });

  it("says why a copy failed", async () => {
    const { stdin, lastFrame } = snippetScreen(vi.fn(async () => Promise.reject(new Error("no clipboard here"))));
    await type(stdin, keys.enter);
    await vi.waitFor(() => expect(lastFrame()).toContain("js/fetch"));
    await type(stdin, "c");
    // The copy settles asynchronously: wait for the frame rather than a fixed time (CI machines are busy).
    await vi.waitFor(() => expect(lastFrame()).toContain("no clipboard here"));
  });

  it("loads a record file typed as a path and reports a bad one", async () => {
    const { stdin, lastFrame } = snippetScreen();
    await type(stdin, "p", ..."no-such-file.json".split(""));
    expect(lastFrame()).toContain("Model record file: no-such-file.json");
    await type(stdin, keys.enter);
    expect(lastFrame()).toContain("no-such-file.json: no such file");
  });
});

describe("App", () => {
  const services: BrowserServices = {
    tasks,
    modalities,
    modalityOf: taskModality,
    documentOf: taskDocument,
    makeSnippets,
    copy: async () => "Copied to the clipboard.",
  };

  it("shows the keys of each screen in the footer and the help on ?", async () => {
    const { stdin, lastFrame } = render(<App services={services} />);
    expect(lastFrame()).toContain("Enter open");
    await type(stdin, "?");
    expect(lastFrame()).toContain("Keys");
    expect(lastFrame()).toContain("Snippets");
    await type(stdin, keys.escape);
    expect(lastFrame()).not.toContain("Ctrl+C quits anywhere");
  });

  it("goes from the list to a task page to its snippets and back with Esc", async () => {
    const { stdin, lastFrame } = render(<App services={services} />);
    await type(stdin, "translation\r");
    expect(lastFrame()).toContain("hub-snippets › Translation");
    expect(lastFrame()).toContain("s snippets");
    await type(stdin, "s");
    expect(lastFrame()).toContain("› snippets");
    await type(stdin, keys.escape);
    expect(lastFrame()).not.toContain("› snippets");
    await type(stdin, keys.escape);
    expect(lastFrame()).toContain("Filter:");
  });
});
