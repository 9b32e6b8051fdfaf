import { readdirSync } from "node:fs";
import { dataDir } from "../paths.js";
import { getPipeline } from "./pipelines.js";
import { readFileSync } from "node:fs";
import type { Task } from "./schema.js";

const tasksDir = `${dataDir}tasks/`;
const loaded = new Map<string, Task>();
/** Each loaded task's file, as written: `JSON.stringify(task, null, 2)` plus a newline (test/catalogue/data.test.ts). */
const texts = new WeakMap<Task, string>();
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
    // Trusted as its type: the test suite checks every data file against the zod schema.
    const text = readFileSync(`${tasksDir}${id}.json`, "utf8");
    task = JSON.parse(text) as Task;
    loaded.set(id, task);
    texts.set(task, text);
  }
  return task;
}

/**
 * A task as `JSON.stringify(task, null, 2)` writes it, read from its file instead of written again: the files are
 * kept in that form, so `tasks list --json` prints them as they are (on Node 24 the parse-and-write round trip
 * was a tenth of the command's run).
 */
export function taskJson(task: Task): string {
  return (texts.get(task) ?? `${JSON.stringify(task, null, 2)}\n`).trimEnd();
}

/**
 * Every task's file, in id order, as bytes: `tasks list --json` with no filter prints the files as they are
 * (they are kept as `taskJson` writes a task), so it neither parses them nor decodes and re-encodes their text
 * (a few task files hold a non-Latin-1 letter, which made the whole output a two-byte string to encode again).
 * Typed as Uint8Array, not Buffer: the published declarations must not need Node's types.
 */
export function readTaskFiles(): Uint8Array[] {
  return listTaskIds().map((id) => readFileSync(`${tasksDir}${id}.json`));
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

// Every field of TaskFilter: the compiler refuses a new field until it is named here too.
const taskFilterFields: Record<keyof TaskFilter, true> = {
  modality: true,
  library: true,
  search: true,
};

/** Whether a filter keeps some tasks out (listTasks with none returns every task). */
export function filtersTasks(filter: TaskFilter): boolean {
  return (Object.keys(taskFilterFields) as (keyof TaskFilter)[]).some((field) => filter[field] !== undefined);
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
      (task) => !search || task.id.toLowerCase().includes(search) || task.label.toLowerCase().includes(search) || task.summary.toLowerCase().includes(search),
    );
}
