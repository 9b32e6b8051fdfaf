import type { RecordView } from "../model/view.js";

/*
 * Reading the parts of a record's view that the library generators share: the facts it holds (id, file names), and
 * the record's fields the schema passes through untyped (config sections, widget data). Each returns undefined
 * rather than trusting the shape.
 */

/** The config value at this path of keys, or undefined when a step is missing or is not an object. */
export function configValue(view: RecordView, ...keys: string[]): unknown {
  let value: unknown = view.record.config;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The part of the id after the owner: "en_core_web_sm" for "spacy/en_core_web_sm". */
export const repoName = (view: RecordView): string => view.id.slice(view.id.indexOf("/") + 1);

/** The first non-empty widget text of the record, or `fallback`. */
export function widgetText(view: RecordView, fallback: string): string {
  const text = view.record.widgetData?.map((entry) => entry["text"]).find((value) => typeof value === "string" && value.trim() !== "");
  return typeof text === "string" ? text : fallback;
}

/**
 * The first listed file ending with `extension` that `preferred` names, else the first ending with it, else
 * undefined. A preferred entry names a file by the last part of its path (`matchOn` "name") or by its whole path.
 */
export function pickFile(view: RecordView, extension: string, preferred: readonly string[] = [], matchOn: "name" | "path" = "name"): string | undefined {
  const files = view.fileNames.filter((name) => name.endsWith(extension));
  const key = (name: string) => (matchOn === "path" ? name : (name.split("/").pop() ?? ""));
  return files.find((name) => preferred.includes(key(name))) ?? files[0];
}

/** Whether the record's task is `tag`, or its tags list it. */
export const hasTag = (view: RecordView, tag: string): boolean => view.record.pipeline_tag === tag || view.record.tags.includes(tag);
