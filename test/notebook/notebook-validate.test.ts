import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { UserError } from "../../src/errors.js";
import { notebookJson, type Notebook } from "../../src/notebook/notebook.js";
import { notebookAnswer } from "../helpers/notebook-answer.js";
import { hostileCardChoices } from "../helpers/hostile-datasets.js";
import { runProcess } from "../helpers/async-process.js";
import { datasetCorpus, hostileModelRecords, modelCorpus } from "../helpers/notebook-corpus.js";
import { notebookCheck, notebookPython, notebookVenvReady } from "../helpers/notebook-venv.js";

/*
 * Every notebook of the model and dataset corpora, checked by the real nbformat (its JSON schema for nbformat 4.5)
 * and its markdown rendered by a CommonMark renderer (markdown-it-py): the only markup is the notebook's own (headings,
 * paragraphs, bold names, the link to the page); text from the record shows as written.
 */

interface Case {
  name: string;
  notebook: Notebook;
  /** Record texts the markdown must show literally (control characters as spaces). */
  shown: string[];
}

interface Checked {
  error: string | null;
  nbformat: [number, number];
  markdown: { id: string; html: string; text: string; tags: [string, Record<string, string>][] }[];
}

const visible = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]+/g, " ").trim();

function cases(): Case[] {
  const all: Case[] = [];
  const attempt = (name: string, make: () => Notebook | undefined, shown: string[]) => {
    try {
      const notebook = make();
      if (notebook !== undefined) all.push({ name, notebook, shown });
    } catch (error) {
      // A record the product refuses (a disabled dataset, a field no code can carry) has no notebook: exit 1 or 2.
      if (!(error instanceof UserError)) throw error;
    }
  };
  for (const { name, record } of [...modelCorpus(), ...hostileModelRecords()]) {
    const shown = [
      record.id,
      ...(record.pipeline_tag === undefined ? [] : [record.pipeline_tag]),
      ...(record.library_name === undefined ? [] : [record.library_name]),
    ];
    attempt(name, () => notebookAnswer(record, { notebook: true }).notebook, shown);
  }
  for (const { name, record } of datasetCorpus()) {
    attempt(name, () => getDatasetNotebook(record), [record.id]);
    if (!name.startsWith("hostile")) continue;
    for (const choice of hostileCardChoices())
      attempt(`${name} ${JSON.stringify(choice)}`, () => getDatasetNotebook(record, { ...choice }), [choice.config, choice.split]);
  }
  return all;
}

const ready = notebookVenvReady();

describe.skipIf(!ready)("every notebook of the corpora is valid nbformat 4.5, and its markdown shows record text as text", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-notebooks-"));
  const all = cases();
  let report: Record<string, Checked> = {};
  const pathOf = (index: number) => join(scratch, `${index}.ipynb`);

  beforeAll(async () => {
    all.forEach((entry, index) => writeFileSync(pathOf(index), notebookJson(entry.notebook)));
    const run = await runProcess(notebookPython, [notebookCheck, ...all.map((_, index) => pathOf(index))], { timeoutMs: 240_000 });
    if (run.code !== 0) throw new Error(`notebook_check.py failed: ${run.stderr.slice(-2000)}`);
    report = JSON.parse(run.stdout) as Record<string, Checked>;
  }, 300_000);

  afterAll(() => {
    rmSync(scratch, { recursive: true, force: true });
    console.log(`validated ${all.length} notebooks with nbformat (model and dataset corpora, hostile names included)`);
  });

  it("covers the model and the dataset corpora", () => {
    expect(all.filter((entry) => entry.notebook.metadata.kaggle.isInternetEnabled).length).toBe(all.length);
    expect(all.length).toBeGreaterThan(400);
  });

  it("nbformat validates every notebook as nbformat 4.5", () => {
    const failures = all.flatMap((entry, index) => {
      const checked = report[pathOf(index)];
      return checked?.error === null && checked.nbformat.join(".") === "4.5" ? [] : [`${entry.name}: ${checked?.error ?? "not checked"}`];
    });
    expect(failures).toEqual([]);
  });

  it("renders markdown with the notebook's own markup only: headings, paragraphs, bold names, a link to the Hub", () => {
    const allowed = new Set(["h1", "h2", "p", "strong", "br", "a"]);
    const failures: string[] = [];
    all.forEach((entry, index) => {
      for (const cell of report[pathOf(index)]?.markdown ?? []) {
        for (const [tag, attributes] of cell.tags) {
          if (!allowed.has(tag)) failures.push(`${entry.name} ${cell.id}: <${tag}>`);
          if (tag === "a" && !attributes.href?.startsWith("https://huggingface.co/")) failures.push(`${entry.name} ${cell.id}: link to ${attributes.href}`);
        }
      }
    });
    expect(failures).toEqual([]);
  });

  it("shows the record's id, task, library and the config and split read as written", () => {
    const failures: string[] = [];
    all.forEach((entry, index) => {
      const text = (report[pathOf(index)]?.markdown ?? []).map((cell) => cell.text).join("\n");
      for (const shown of entry.shown) if (!text.includes(visible(shown))) failures.push(`${entry.name}: ${JSON.stringify(shown)} not shown`);
    });
    expect(failures).toEqual([]);
  });
});
