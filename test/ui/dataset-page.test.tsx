import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { DatasetPage } from "../../src/ui/browser/DatasetPage.js";
import { keys, noNotebookSaver, type } from "./browser-helpers.js";

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });

/** The catalogue's datasets have no record: the page shows what the core writes for the id alone. */
const generic = (id: string) => getDatasetSnippets({ id, tags: [] }).snippets;

function page(id: string, options: { height?: number; width?: number } = {}) {
  const copy = vi.fn(async () => "Copied to the clipboard.");
  const onBack = vi.fn();
  const view = render(
    <DatasetPage
      datasetId={id}
      taskLabel="Text Classification"
      width={options.width ?? 100}
      height={options.height ?? 30}
      active
      copy={copy}
      saveNotebook={noNotebookSaver}
      onBack={onBack}
    />,
  );
  const frame = () => plain(view.lastFrame() ?? "");
  return { ...view, copy, onBack, frame };
}

describe("the dataset page", () => {
  it("opens on 🤗 Datasets' generic code for the id, under the dataset's heading", () => {
    const snippets = generic("nyu-mll/glue");
    expect(snippets[0]?.client).toBe("datasets");
    const { frame } = page("nyu-mll/glue");
    expect(frame().split("\n")[0]).toMatch(/^Dataset: nyu-mll\/glue {2}Text Classification/);
    expect(frame()).toContain(`Snippet: [python/datasets] 1 of ${snippets.length}`);
    expect(frame()).toContain('ds = load_dataset("nyu-mll/glue")');
    expect(frame()).toContain("# pip install -U datasets");
  });

  it("says the code is generic, how to fetch the complete record, and what hub-snippets dataset then gives", () => {
    const { frame } = page("nyu-mll/glue");
    expect(frame()).toContain("Generic code: the catalogue holds no record of this dataset");
    expect(frame()).toContain("curl -s https://huggingface.co/api/datasets/nyu-mll/glue > glue.json");
    expect(frame()).toContain("hub-snippets dataset glue.json gives the code for its configs and files");
  });

  it("cycles the snippets with ←/→, round the list, each shown with its own code", async () => {
    const snippets = generic("nyu-mll/glue");
    const labels = snippets.map((snippet) => `${snippet.language}/${snippet.client}`);
    expect(labels).toEqual(["python/datasets", "python/requests", "js/fetch", "sh/hf", "sh/curl"]);
    const { stdin, frame } = page("nyu-mll/glue");
    for (const [index, label] of labels.entries()) {
      if (index > 0) await type(stdin, keys.right);
      await eventually(() => expect(frame()).toContain(`Snippet: [${label}] ${index + 1} of ${labels.length}`));
      const firstLine = snippets[index]!.content.split("\n")[0]!;
      expect(frame()).toContain(firstLine);
    }
    expect(frame()).toContain("--data-urlencode dataset=nyu-mll/glue");
    await type(stdin, keys.right);
    await eventually(() => expect(frame()).toContain("Snippet: [python/datasets] 1 of"));
    await type(stdin, keys.left);
    await eventually(() => expect(frame()).toContain("Snippet: [sh/curl] 5 of"));
  });

  it("copies the code with c and its install line with i, through the copy service, exactly", async () => {
    const snippets = generic("nyu-mll/glue");
    const { stdin, copy, frame } = page("nyu-mll/glue");
    await type(stdin, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(snippets[0]!.content));
    await eventually(() => expect(frame()).toContain("Copied to the clipboard."));
    await type(stdin, "i");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith("pip install -U datasets"));
    // hf download: code and install line of the fourth snippet.
    for (const label of ["python/requests", "js/fetch", "sh/hf"]) {
      // One key at a time: on a loaded machine two arrows can arrive as one chunk, which Ink reads as one key.
      await type(stdin, keys.right);
      await eventually(() => expect(frame()).toContain(`Snippet: [${label}`));
    }
    // Moving to another snippet clears the last copy's message.
    expect(frame()).not.toContain("Copied to the clipboard.");
    await type(stdin, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith("hf download nyu-mll/glue --repo-type dataset --local-dir glue"));
    await type(stdin, "i");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(snippets[3]!.install));
    expect(copy).toHaveBeenCalledTimes(4);
  });

  it("says so when i is pressed on a snippet with no install line, and copies nothing", async () => {
    const { stdin, copy, frame } = page("nyu-mll/glue");
    for (const label of ["python/requests", "js/fetch"]) {
      await type(stdin, keys.right);
      await eventually(() => expect(frame()).toContain(`Snippet: [${label}`));
    }
    expect(frame()).not.toContain("pip install");
    await type(stdin, "i");
    await eventually(() => expect(frame()).toContain("No install line: this snippet installs nothing first (c copies the code)."));
    expect(copy).not.toHaveBeenCalled();
  });

  it("scrolls code taller than the page with ↑/↓, and sideways with </>", async () => {
    const { stdin, frame } = page("nyu-mll/glue", { height: 12, width: 40 });
    await type(stdin, keys.right);
    await eventually(() => expect(frame()).toContain("python/requests"));
    expect(frame()).toMatch(/lines 1–\d+ of 13/);
    await type(stdin, keys.down);
    await eventually(() => expect(frame()).toMatch(/lines 2–\d+ of 13/));
    expect(frame()).toMatch(/columns 1–40 of \d+/);
    await type(stdin, ">");
    await eventually(() => expect(frame()).toMatch(/columns 21–/));
  });

  it("goes back with Esc", async () => {
    const { stdin, onBack } = page("nyu-mll/glue");
    await type(stdin, keys.escape);
    await eventually(() => expect(onBack).toHaveBeenCalledTimes(1));
  });
});
