import { getTask, listTaskIds } from "../../catalogue/tasks.js";
import { taskDocument } from "../../presenters/task-document.js";
import { presentDocument, writeJson } from "../output.js";
import { unknownIdError } from "../../catalogue/nearest.js";

export async function taskShow(id: string, options: { json?: boolean }): Promise<void> {
  const task = getTask(id);
  if (!task) throw unknownIdError("task", id, listTaskIds(), "see `hub-snippets tasks list`");
  if (options.json) writeJson(task);
  else await presentDocument(taskDocument(task));
}
