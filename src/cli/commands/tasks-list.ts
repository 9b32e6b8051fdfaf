import { filtersTasks, listTasks, readTaskFiles, taskJson, type TaskFilter } from "../../catalogue/tasks.js";
import { ExitCode, UserError } from "../../errors.js";
import { taskTable } from "../../presenters/task-table.js";
import { modalityOption } from "../modality-option.js";
import { presentTable, writeJsonArray, writeJsonFileArray } from "../output.js";

export interface TasksListOptions extends TaskFilter {
  json?: boolean;
}

export async function tasksList(given: TasksListOptions): Promise<void> {
  const options = { ...given, modality: modalityOption(given.modality) };
  if (options.json && !filtersTasks(options)) return writeJsonFileArray(readTaskFiles());
  const tasks = listTasks(options);
  if (options.json) writeJsonArray(tasks.map(taskJson));
  else if (tasks.length > 0) await presentTable(taskTable(tasks));
  if (tasks.length === 0) {
    throw new UserError("no task matches these filters; try `hub-snippets tasks list` to see them all", ExitCode.noMatch);
  }
}
