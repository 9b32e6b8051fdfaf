import { taskModality } from "../catalogue/tasks.js";
import type { Task } from "../catalogue/schema.js";
import type { Table } from "./document.js";

/** The task list as a table: id, label, modality and how many example models the task names. */
export function taskTable(tasks: readonly Task[]): Table {
  return {
    headers: ["ID", "LABEL", "MODALITY", "MODELS"],
    rows: tasks.map((task) => [task.id, task.label, taskModality(task), String(task.models.length)]),
  };
}
