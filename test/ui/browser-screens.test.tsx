import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { listModalities } from "../../src/catalogue/pipelines.js";
import { taskModality } from "../../src/catalogue/tasks.js";
import { taskDocument } from "../../src/presenters/task-document.js";
import { ModelChooserScreen } from "../../src/ui/browser/ModelChooserScreen.js";
import { loadModel } from "../../src/ui/browser/run.js";
import { TaskListScreen } from "../../src/ui/browser/TaskListScreen.js";
import { TaskScreen } from "../../src/ui/browser/TaskScreen.js";
import { fixture, keys, taskById, tasks, type } from "./browser-helpers.js";

const modalities = listModalities();

function taskList() {
  const onOpen = vi.fn();
  const view = render(<TaskListScreen tasks={tasks} modalities={modalities} modalityOf={taskModality} height={20} active onOpen={onOpen} />);
  return { ...view, onOpen };
}

describe("TaskListScreen", () => {
  it("filters as you type after /, best id match first, and opens the selection", async () => {
    const { stdin, lastFrame, onOpen } = taskList();
    await type(stdin, "/", "t", "e", "x", "t", "-", "t", "o", "-", "i", "m");
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

  it("cycles modalities with Tab, and Esc clears the filter, closes it, then goes back to all modalities", async () => {
    const { stdin, lastFrame } = taskList();
    await type(stdin, keys.tab);
    expect(lastFrame()).toContain(`Modality: ${modalities[0]?.label}`);
    await type(stdin, "/", "z", "z", "z");
    expect(lastFrame()).toContain("No task matches");
    await type(stdin, keys.escape);
    expect(lastFrame()).toMatch(/Filter: \s+Modality/);
    expect(lastFrame()).toContain(`Modality: ${modalities[0]?.label}`);
    await type(stdin, keys.escape);
    expect(lastFrame()).toContain("press / and type to filter");
    await type(stdin, keys.escape);
    expect(lastFrame()).toContain("Modality: all");
  });

  it("takes q and every other printable key into the filter, typed key by key: question finds question-answering", async () => {
    const { stdin, lastFrame } = taskList();
    await type(stdin, "/", ..."question".split(""));
    // On a busy machine a render may come after the typing's pauses: wait for what each key makes.
    await vi.waitFor(() => expect(lastFrame()).toContain("Filter: question"), { timeout: 3_000 });
    expect(lastFrame()).toMatch(/› question-answering/);
    // Esc empties the filter and leaves it open.
    await type(stdin, keys.escape, "q", "?", "/", "é");
    await vi.waitFor(() => expect(lastFrame()).toContain("Filter: q?/é"), { timeout: 3_000 });
  });

  it("says how to filter when a letter is typed outside the filter", async () => {
    const { stdin, lastFrame } = taskList();
    await type(stdin, "t");
    await vi.waitFor(() => expect(lastFrame()).toContain("press / and type to filter (q quits)"), { timeout: 3_000 });
    await type(stdin, "/", "a", keys.escape, keys.escape);
    await vi.waitFor(() => expect(lastFrame()).toContain("press / and type to filter"), { timeout: 3_000 });
  });

  it("never offers a modality no task belongs to: each Tab shows a non-empty list, and the cycle comes back to all", async () => {
    const { stdin, lastFrame } = taskList();
    const withTasks = modalities.filter((entry) => tasks.some((task) => taskModality(task) === entry.id));
    expect(withTasks.length).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let press = 0; press < withTasks.length; press += 1) {
      await type(stdin, keys.tab);
      const frame = lastFrame() ?? "";
      expect(frame).not.toMatch(/\b0 of \d+/);
      expect(frame).not.toContain("No task matches");
      seen.push(/Modality: (.+?)\s{2}/.exec(frame)?.[1] ?? "");
    }
    expect(seen).toEqual(withTasks.map((entry) => entry.label));
    await type(stdin, keys.tab);
    expect(lastFrame()).toContain("Modality: all");
  });

  it("opens the first match when /, text and Enter arrive in one chunk", async () => {
    const { stdin, onOpen } = taskList();
    await type(stdin, "/fill-mask\r");
    expect(onOpen).toHaveBeenCalledWith("fill-mask");
  });
});

describe("TaskScreen", () => {
  it("shows the task page, scrolls, and goes to snippets or back", async () => {
    const onSnippets = vi.fn();
    const onBack = vi.fn();
    const document = taskDocument(taskById("object-detection"));
    const { stdin, lastFrame } = render(
      <TaskScreen document={document} width={80} height={10} active snippetsNote="Press s." onSnippets={onSnippets} onBack={onBack} />,
    );
    expect(lastFrame()).toMatch(/^Object Detection/);
    // Ten rows: the note, the "lines" row and eight lines.
    expect(lastFrame()).toMatch(/lines 1–8 of \d+/);
    await type(stdin, keys.down);
    expect(lastFrame()).toMatch(/lines 2–9 of \d+/);
    expect(lastFrame()).not.toMatch(/^Object Detection/);
    await type(stdin, "s");
    expect(onSnippets).toHaveBeenCalled();
    await type(stdin, keys.escape);
    expect(onBack).toHaveBeenCalled();
  });
});

describe("ModelChooserScreen", () => {
  const textToImage = taskById("text-to-image");

  function chooser() {
    const onModel = vi.fn();
    const onModeChange = vi.fn();
    const view = render(
      <ModelChooserScreen
        taskLabel={textToImage.label}
        exampleModels={textToImage.models.map((model) => model.id)}
        active
        loadModel={(source) => loadModel(textToImage, source)}
        onModel={onModel}
        onBack={vi.fn()}
        onModeChange={onModeChange}
      />,
    );
    return { ...view, onModel, onModeChange };
  }

  it("hands over the chosen example model", async () => {
    const { stdin, onModel } = chooser();
    await type(stdin, keys.down, keys.enter);
    expect(onModel).toHaveBeenCalledTimes(1);
    expect(onModel.mock.calls[0]?.[0].model).toMatchObject({ id: textToImage.models[1]?.id, pipeline_tag: "text-to-image" });
  });

  it("reports a bad path, and Esc clears the path and its error together", async () => {
    const { stdin, lastFrame, onModeChange } = chooser();
    await type(stdin, "p", ..."no-such-file.json".split(""));
    expect(onModeChange).toHaveBeenLastCalledWith("path");
    expect(lastFrame()).toContain("Model record file: no-such-file.json");
    await type(stdin, keys.enter);
    expect(lastFrame()).toContain("no-such-file.json: no such file");
    await type(stdin, keys.escape);
    expect(lastFrame()).not.toContain("no-such-file.json");
    expect(lastFrame()).not.toContain("no such file");
  });

  it("loads a path typed and entered in one burst, on that first Enter", async () => {
    const { stdin, onModel } = chooser();
    await type(stdin, "p", `${fixture("llama-gguf.json")}\r`);
    expect(onModel).toHaveBeenCalledTimes(1);
    expect(onModel.mock.calls[0]?.[0]).toMatchObject({ origin: fixture("llama-gguf.json"), model: { id: "bartowski/Llama-3.2-1B-Instruct-GGUF" } });
  });

  it("keeps every chunk of a fast burst, even before the screen redraws", async () => {
    const { stdin, onModel } = chooser();
    await type(stdin, "p");
    // Several chunks with no render in between: the handler must not read a stale path.
    for (const chunk of ["test/fixtures/", "browser/", "llama-gguf.json", "\r"]) stdin.write(chunk);
    await type(stdin);
    expect(onModel.mock.calls[0]?.[0]).toMatchObject({ origin: fixture("llama-gguf.json") });
  });
});
