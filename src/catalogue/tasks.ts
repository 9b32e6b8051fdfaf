import { readdirSync } from "node:fs";
import { dataDir } from "../paths.js";
import { getPipeline } from "./pipelines.js";
import { readPackagedJson } from "./read-json.js";
import type { Task } from "./schema.js";

const tasksDir = `${dataDir}tasks/`;
const loaded = new Map<string, Task>();
let ids: readonly string[] | undefined;

/** Ids of every task in the catalogue, sorted. */
export function listTaskIds(): readonly string[] {
  ids ??= readdirSync(tasksDir)
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.slice(0, -".json".length))
    .sort();
  return ids;
}

/** One task's descriptor, or undefined when the catalogue has no task with that id. */
export function getTask(id: string): Task | undefined {
  if (!listTaskIds().includes(id)) return undefined;
  let task = loaded.get(id);
  if (!task) {
    task = readPackagedJson<Task>(`${tasksDir}${id}.json`);
    loaded.set(id, task);
  }
  return task;
}

/** The modality a task belongs to, from the pipeline taxonomy ("other" when the taxonomy does not list it). */
export function taskModality(task: Pick<Task, "id">): string {
  return getPipeline(task.id)?.modality ?? "other";
}

export interface TaskFilter {
  /** Keep tasks of this modality id (nlp, cv, audio, …). */
  modality?: string;
  /** Keep tasks that list this library (case-insensitive). */
  library?: string;
  /** Keep tasks whose id, label or summary contains this text (case-insensitive). */
  search?: string;
}

/** Every task that passes the filter, sorted by id. */
export function listTasks(filter: TaskFilter = {}): Task[] {
  const library = filter.library?.toLowerCase();
  const search = filter.search?.toLowerCase();
  return listTaskIds()
    .map((id) => getTask(id) as Task)
    .filter((task) => !filter.modality || taskModality(task) === filter.modality)
    .filter((task) => !library || task.libraries.some((name) => name.toLowerCase() === library))
    .filter(
      (task) =>
        !search ||
        task.id.toLowerCase().includes(search) ||
        task.label.toLowerCase().includes(search) ||
        task.summary.toLowerCase().includes(search),
    );
}
