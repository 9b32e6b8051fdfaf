import { render } from "ink";
import { listModalities } from "../../catalogue/pipelines.js";
import { listTasks, taskModality } from "../../catalogue/tasks.js";
import type { Task } from "../../catalogue/schema.js";
import { UserError } from "../../errors.js";
import { exampleModelFile } from "../../examples.js";
import { modelRecordFromFlags } from "../../model/from-flags.js";
import { readModelRecord } from "../../model/read.js";
import type { ModelRecord } from "../../model/record.js";
import { taskDocument } from "../../presenters/task-document.js";
import { chatModelPipelines, taskGetsInference } from "../../inference/request.js";
import { copyText } from "../../terminal/clipboard.js";
import { App, type BrowserServices, type OpenModel } from "./App.js";
import type { ModelResult, ModelSource } from "./ModelChooserScreen.js";
import { notebookSaver } from "./notebook-file.js";
import { snippetSources } from "./snippet-sources.js";

function exampleModel(task: Task, id: string): ModelRecord {
  return modelRecordFromFlags(id, task.id, chatModelPipelines.has(task.id) ? ["conversational"] : []);
}

export function loadModel(task: Task, source: ModelSource): ModelResult {
  try {
    // A path is a file or, as on the command line, `example:<name>`.
    if (source.kind === "file") return { model: readModelRecord(exampleModelFile(source.path) ?? source.path), origin: source.path };
    return { model: exampleModel(task, source.id), guessed: true };
  } catch (error) {
    if (error instanceof UserError) return { error: error.message };
    throw error;
  }
}

/** Whether a model of the task gets inference snippets: the core says so of its task (its catalogue models have no record). */
export const hasInference = (task: Task): boolean => taskGetsInference(task.id);

/** The confirmation after `c`: an OSC 52 request may be dropped by the terminal, so it claims only the request. */
export async function copyWithMessage(text: string): Promise<string> {
  return (await copyText(text)) === "clipboard" ? "Copied to the clipboard." : "Sent an OSC 52 copy request; a terminal may block it (? says how to allow it).";
}

export const browserServices: BrowserServices = {
  tasks: listTasks(),
  modalities: listModalities(),
  modalityOf: taskModality,
  documentOf: taskDocument,
  hasInference,
  loadModel,
  sources: snippetSources,
  copy: copyWithMessage,
  // `n` saves in the working folder, as `--notebook` does on a terminal.
  saveNotebook: notebookSaver(process.cwd()),
};

/** Runs the interactive browser until the person quits, opened on a model's page when given one; resolves with the exit code. */
export async function runBrowser(initialModel?: OpenModel): Promise<number> {
  const instance = render(<App services={browserServices} initialModel={initialModel} />);
  await instance.waitUntilExit();
  return 0;
}
