import { render } from "ink";
import { listModalities } from "../../catalogue/pipelines.js";
import { listTasks, taskModality } from "../../catalogue/tasks.js";
import type { Task } from "../../catalogue/schema.js";
import { UserError } from "../../errors.js";
import { modelRecordFromFlags } from "../../model/from-flags.js";
import { readModelRecord } from "../../model/read.js";
import { taskDocument } from "../../presenters/task-document.js";
import { noExampleMessage } from "../../snippets/inference/request.js";
import { getInferenceSnippets } from "../../snippets/inference/snippets.js";
import { copyText } from "../../terminal/clipboard.js";
import { App, type BrowserServices } from "./App.js";
import type { ModelSource, SnippetResult } from "./SnippetScreen.js";

// Example models of these tasks are chat models; the tag makes their snippets chat completions.
const chatTasks = new Set(["text-generation", "image-text-to-text"]);

export function makeSnippets(task: Task, source: ModelSource): SnippetResult {
  try {
    const model =
      source.kind === "file"
        ? readModelRecord(source.path)
        : modelRecordFromFlags(source.id, task.id, chatTasks.has(task.id) ? ["conversational"] : []);
    const snippets = getInferenceSnippets(model);
    return snippets.length > 0 ? { snippets } : { error: noExampleMessage };
  } catch (error) {
    if (error instanceof UserError) return { error: error.message };
    throw error;
  }
}

export const browserServices: BrowserServices = {
  tasks: listTasks(),
  modalities: listModalities(),
  modalityOf: taskModality,
  documentOf: taskDocument,
  makeSnippets,
  copy: async (text) =>
    (await copyText(text)) === "clipboard" ? "Copied to the clipboard." : "Asked the terminal to copy it (OSC 52).",
};

/** Runs the interactive browser until the person quits; resolves with the exit code. */
export async function runBrowser(): Promise<number> {
  const instance = render(<App services={browserServices} />);
  await instance.waitUntilExit();
  return 0;
}
