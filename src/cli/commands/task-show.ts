import { nearestIds } from "../../catalogue/nearest.js";
import { getTask, listTaskIds } from "../../catalogue/tasks.js";
import { ExitCode, UserError } from "../../errors.js";
import { taskDocument } from "../../presenters/task-document.js";
import { presentDocument, writeJson } from "../output.js";

export async function taskShow(id: string, options: { json?: boolean }): Promise<void> {
  const task = getTask(id);
  if (!task) {
    const suggestions = nearestIds(id, listTaskIds());
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(", ")}?` : "; see `hub-snippets tasks list`";
    throw new UserError(`unknown task '${id}'${hint}`, ExitCode.noMatch);
  }
  if (options.json) writeJson(task);
  else await presentDocument(taskDocument(task));
}
