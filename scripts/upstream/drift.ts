/*
 * Snippet text drift, for review: upstream's library and app generators of two releases run over our corpus; where
 * the text one writes for a record changed (compared after folding whitespace and quotes), the report shows both
 * beside our own output for that record, so a maintainer can decide whether our recipe must follow.
 */
import type { LocalApp, ModelData } from "@huggingface/tasks";
import { appRecords, libraryRecords, ourAppText, ourLibraryText, type CorpusRecord } from "./drift-corpus.js";
import type { TasksModule } from "./package-facts.js";
import { quietly } from "./quietly.js";

export interface Drift {
  kind: "library" | "local app" | "inference";
  key: string;
  record: string;
  before: string | undefined;
  after: string | undefined;
  ours: string | undefined;
}

/** Whitespace runs as one space, single quotes as double: a change of layout or quoting alone is no drift. */
export const folded = (text: string | undefined): string | undefined => text?.replace(/\s+/g, " ").replaceAll("'", '"').trim();

export const message = (error: unknown) => `(throws: ${String((error as Error)?.message ?? error).split("\n")[0]})`;

export type Generator = (model: ModelData) => string[] | string | undefined;

function libraryGenerator(tasks: TasksModule, key: string): Generator | undefined {
  const element = (tasks.MODEL_LIBRARIES_UI_ELEMENTS as Record<string, { snippets?: (model: ModelData) => string[] }> | undefined)?.[key];
  return typeof element?.snippets === "function" ? element.snippets : undefined;
}

/** An app's text: its snippets (title, setup and content), or its deep link. */
function appGenerator(tasks: TasksModule, key: string): Generator | undefined {
  const app = (tasks.LOCAL_APPS as Record<string, LocalApp> | undefined)?.[key];
  if (!app) return undefined;
  return (model) => {
    if (!app.displayOnModelPage(model)) return undefined;
    if ("deeplink" in app) return app.deeplink(model).toString();
    const result = app.snippet(model);
    const list = Array.isArray(result) ? result : [result];
    return list.map((entry) => (typeof entry === "string" ? entry : [entry.title, entry.setup, ...[entry.content].flat()].filter(Boolean).join("\n")));
  };
}

export function run(generator: Generator | undefined, record: CorpusRecord): string | undefined {
  if (!generator) return undefined;
  try {
    const text = quietly(() => generator(structuredClone(record.json) as unknown as ModelData));
    return text === undefined ? undefined : [text].flat().join("\n\n");
  } catch (error) {
    return message(error);
  }
}

/** Every record of the corpus on which a generator's text changed between the two releases. */
export function snippetDrift(root: string, before: TasksModule, after: TasksModule): Drift[] {
  const drift: Drift[] = [];
  for (const record of libraryRecords(root)) {
    const key = record.model.library_name;
    if (typeof key !== "string") continue;
    const [old, now] = [run(libraryGenerator(before, key), record), run(libraryGenerator(after, key), record)];
    if (folded(old) !== folded(now)) drift.push({ kind: "library", key, record: record.name, before: old, after: now, ours: ourLibraryText(record) });
  }
  const apps = [...new Set([...Object.keys(before.LOCAL_APPS ?? {}), ...Object.keys(after.LOCAL_APPS ?? {})])];
  for (const record of appRecords(root)) {
    for (const key of apps) {
      const [old, now] = [run(appGenerator(before, key), record), run(appGenerator(after, key), record)];
      if (folded(old) !== folded(now)) drift.push({ kind: "local app", key, record: record.name, before: old, after: now, ours: ourAppText(record, key) });
    }
  }
  return drift;
}
