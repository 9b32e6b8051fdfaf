import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import type { ModelRecord } from "../../src/model/record.js";
import { inDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { inModelNotebook, modelNotebook } from "../../src/notebook/model-notebook.js";
import { notebookJson, type Notebook } from "../../src/notebook/notebook.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { decideModel } from "../../src/model-answer/decision.js";
import { answerOf } from "../../src/model-answer/filter.js";
import { DatasetPage } from "../../src/ui/browser/DatasetPage.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { getModelNotebook } from "../../src/notebook/model-notebook.js";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";

import { notebookSaver, type NotebookService } from "../../src/ui/browser/notebook-file.js";
import { snippetSources } from "../../src/ui/browser/snippet-sources.js";
import { runProcess } from "../helpers/async-process.js";
import { notebookCheck, notebookPython, notebookVenvReady } from "../helpers/notebook-venv.js";
import { keys, record, renderApp, type } from "./browser-helpers.js";

const defaultToggles = { provider: undefined, policy: undefined, stream: false, memory: undefined };

/*
 * `n` on a model or dataset page: the notebook `--notebook` writes for what the page shows, saved as a new file named
 * after the repository (never over one), and the status row says where, or why not.
 */

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000 });
const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), "hub-snippets-n-"));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const readNotebook = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Notebook;
const codeCells = (notebook: Notebook) => notebook.cells.filter((cell) => cell.cell_type === "code").map((cell) => cell.source.join(""));

const llama = record("examples/llama-3.1-8b-instruct.json");
/** The providers the page's p cycles: what the core's answer for a page offers. */
const providerChoices = (model: ModelRecord) => pageAnswer(model, defaultToggles).page?.providers ?? [];

function modelPage(model: ModelRecord, saveNotebook: NotebookService) {
  const view = render(
    <ModelPage
      model={model}
      sources={snippetSources}
      width={100}
      height={30}
      active
      copy={async () => "Copied to the clipboard."}
      saveNotebook={saveNotebook}
      onBack={vi.fn()}
      onChooseModel={vi.fn()}
    />,
  );
  return { ...view, frame: () => plain(view.lastFrame() ?? "") };
}

function datasetPage(id: string, saveNotebook: NotebookService) {
  const view = render(
    <DatasetPage datasetId={id} width={100} height={30} active copy={async () => "Copied to the clipboard."} saveNotebook={saveNotebook} onBack={vi.fn()} />,
  );
  return { ...view, frame: () => plain(view.lastFrame() ?? "") };
}

describe("n on a model page", () => {
  it("writes the model's notebook to <owner>--<name>.ipynb, says where, and its code cells are the snippets' code", async () => {
    const folder = newFolder();
    const { stdin, frame } = modelPage(llama, notebookSaver(folder));
    await eventually(() => expect(frame()).toContain("Snippet: [python/huggingface_hub"));
    await type(stdin, "n");
    const path = join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb");
    await eventually(() => expect(frame()).toContain(`Wrote ${path}: open it in Jupyter`));
    const notebook = readNotebook(path);
    expect([notebook.nbformat, notebook.nbformat_minor]).toEqual([4, 5]);
    expect(notebook.metadata.kernelspec.name).toBe("python3");
    const cells = codeCells(notebook);
    const python = getModelSnippets(llama).snippets.filter((snippet) => snippet.language === "python");
    expect(python.length).toBeGreaterThan(2);
    for (const snippet of python) expect(cells).toContain(snippet.content.replace(/\n+$/, ""));
    // The answer of `snippet <record> --notebook`, byte for byte, its token cell included.
    expect(readFileSync(path, "utf8")).toBe(notebookJson(getModelNotebook(llama)!));
    expect(notebook.cells.map((cell) => cell.id)).toContain("token-check");
  });

  it("writes the provider the page has chosen with p into the inference cells", async () => {
    const providers = providerChoices(llama);
    expect(providers.length).toBeGreaterThan(1);
    const folder = newFolder();
    const { stdin, frame } = modelPage(llama, notebookSaver(folder));
    await type(stdin, "p");
    await eventually(() => expect(frame()).toContain(`Provider: ${providers[1]}`));
    await type(stdin, "n");
    const path = join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb");
    await eventually(() => expect(frame()).toContain(`Wrote ${path}`));
    // The default notebook, its calls through the provider chosen: `--provider` alone would ask for the calls only.
    const decision = decideModel(llama, { provider: providers[1] });
    expect(readFileSync(path, "utf8")).toBe(notebookJson(modelNotebook(decision, answerOf(decision))));
    const text = readNotebook(path)
      .cells.map((cell) => cell.source.join(""))
      .join("\n");
    expect(text).toContain(`through the provider **${providers[1]}**`);
  });

  it("never writes over a file: the next name is taken, and the file there keeps its text", async () => {
    const folder = newFolder();
    const taken = join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb");
    writeFileSync(taken, "mine");
    const { stdin, frame } = modelPage(llama, notebookSaver(folder));
    await type(stdin, "n");
    await eventually(() => expect(frame()).toContain(`Wrote ${join(folder, "meta-llama--Llama-3.1-8B-Instruct-2.ipynb")}`));
    expect(readFileSync(taken, "utf8")).toBe("mine");
    // Another n, another file.
    await type(stdin, "n");
    await eventually(() => expect(frame()).toContain(`Wrote ${join(folder, "meta-llama--Llama-3.1-8B-Instruct-3.ipynb")}`));
    expect(readdirSync(folder).sort()).toEqual([
      "meta-llama--Llama-3.1-8B-Instruct-2.ipynb",
      "meta-llama--Llama-3.1-8B-Instruct-3.ipynb",
      "meta-llama--Llama-3.1-8B-Instruct.ipynb",
    ]);
  });

  it("says why in the status row when the file cannot be written, with no stack trace", async () => {
    const missing = join(newFolder(), "no", "such", "folder");
    const { stdin, frame } = modelPage(llama, notebookSaver(missing));
    await type(stdin, "n");
    await eventually(() => expect(frame()).toContain("Could not write the notebook: ENOENT: no such file or directory"));
    expect(frame()).not.toMatch(/^\s+at /m);
    expect(existsSync(missing)).toBe(false);
  });

  it("leaves Enter to step through an app's commands on the Local apps tab, and n still writes the notebook there", async () => {
    const gguf = record("test/fixtures/browser/llama-gguf.json");
    const folder = newFolder();
    const { stdin, frame } = modelPage(gguf, notebookSaver(folder));
    await eventually(() => expect(frame()).toMatch(/App:\s+\[llama\.cpp 1\/3/));
    await type(stdin, keys.enter);
    await eventually(() => expect(frame()).toMatch(/App:\s+\[llama\.cpp 2\/3/));
    await type(stdin, "n");
    const path = join(folder, "bartowski--Llama-3.2-1B-Instruct-GGUF.ipynb");
    await eventually(() => expect(frame()).toContain(`Wrote ${path}`));
    // Still on the same command: n did not step.
    expect(frame()).toMatch(/App:\s+\[llama\.cpp 2\/3/);
    const python = getModelSnippets(gguf).snippets.filter(inModelNotebook);
    expect(python.length).toBeGreaterThan(0);
    for (const snippet of python) expect(codeCells(readNotebook(path))).toContain(snippet.content.replace(/\n+$/, ""));
  });
});

describe("n on a dataset page", () => {
  it("writes the dataset's notebook, its readers' code and hf download in a %%bash cell", async () => {
    const folder = newFolder();
    const { stdin, frame } = datasetPage("nyu-mll/glue", notebookSaver(folder));
    await eventually(() => expect(frame()).toContain("Snippet: [python/datasets"));
    await type(stdin, "n");
    const path = join(folder, "nyu-mll--glue.ipynb");
    await eventually(() => expect(frame()).toContain(`Wrote ${path}`));
    const expected = getDatasetSnippets({ id: "nyu-mll/glue", tags: [] });
    expect(readFileSync(path, "utf8")).toBe(notebookJson(getDatasetNotebook({ id: "nyu-mll/glue", tags: [] })!));
    const cells = codeCells(readNotebook(path));
    for (const snippet of expected.snippets.filter((entry) => inDatasetNotebook(entry) && entry.language === "python")) {
      expect(cells).toContain(snippet.content.replace(/\n+$/, ""));
    }
    expect(cells.join("\n")).toContain("set -e\nhf download nyu-mll/glue");
  });
});

describe("n in the browser at 80×24", () => {
  it("changes only the status rows, each within the width, and offers n in the footer", async () => {
    const folder = newFolder();
    const file = "examples/llama-3.1-8b-instruct.json";
    const view = renderApp({ columns: 80, initialModel: { model: llama, origin: file }, services: { saveNotebook: notebookSaver(folder) } });
    const { stdin, frame, footer } = view;
    // Drawn at 80 columns: every row fits.
    await eventually(() =>
      expect(
        Math.max(
          ...frame()
            .split("\n")
            .map((line) => [...plain(line)].length),
        ),
      ).toBeLessThanOrEqual(80),
    );
    await eventually(() => expect(frame()).toContain("Stream: off"));
    expect(plain(footer())).toContain("n notebook");
    const before = frame().split("\n");
    await type(stdin, "n");
    await eventually(() => expect(frame()).toContain("Wrote "));
    const after = frame().split("\n");
    expect(after).toHaveLength(before.length);
    // Only the code's last rows and the status below them change (a long status wraps into the code's rows).
    const changed = after.map((line, index) => (line === before[index] ? undefined : index)).filter((index) => index !== undefined);
    expect(after.slice(0, changed[0])).toEqual(before.slice(0, changed[0]));
    expect(after.at(-1)).toBe(before.at(-1));
    for (const index of changed) expect([...plain(after[index]!)].length).toBeLessThanOrEqual(80);
    expect(existsSync(join(folder, "meta-llama--Llama-3.1-8B-Instruct.ipynb"))).toBe(true);
  });
});

describe.runIf(notebookVenvReady())("the files n writes, read by the real nbformat", () => {
  it("validates the model's and the dataset's notebook", async () => {
    const folder = newFolder();
    const model = modelPage(llama, notebookSaver(folder));
    await type(model.stdin, "n");
    await eventually(() => expect(model.frame()).toContain("Wrote "));
    const dataset = datasetPage("stanfordnlp/imdb", notebookSaver(folder));
    await type(dataset.stdin, "n");
    await eventually(() => expect(dataset.frame()).toContain("Wrote "));
    const paths = readdirSync(folder).map((name) => join(folder, name));
    expect(paths).toHaveLength(2);
    const run = await runProcess(notebookPython, [notebookCheck, ...paths], { timeoutMs: 60_000 });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, { error: string | null }>;
    for (const path of paths) expect(report[path]?.error, path).toBeNull();
  }, 90_000);
});
