import type { ModelRecord } from "../../model/record.js";
import { siblingFiles } from "../../model/siblings.js";

/*
 * Reading the parts of a Hub record that the schema passes through untyped (config sections, siblings), shared
 * by the library generators. Each returns undefined or an empty list rather than trusting the shape.
 */

/** The config value at this path of keys, or undefined when a step is missing or is not an object. */
export function configValue(model: ModelRecord, ...keys: string[]): unknown {
  let value: unknown = model.config;
  for (const key of keys) {
    if (typeof value !== "object" || value === null || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The part of the id after the owner: "en_core_web_sm" for "spacy/en_core_web_sm". */
export const repoName = (model: ModelRecord): string => model.id.slice(model.id.indexOf("/") + 1);

/** The first non-empty widget text of the record, or `fallback`. */
export function widgetText(model: ModelRecord, fallback: string): string {
  const text = model.widgetData?.map((entry) => entry["text"]).find((value) => typeof value === "string" && value.trim() !== "");
  return typeof text === "string" ? text : fallback;
}

/**
 * The first listed file ending with `extension` that `preferred` names, else the first ending with it, else
 * undefined. A preferred entry names a file by the last part of its path (`matchOn` "name") or by its whole path.
 */
export function pickFile(model: ModelRecord, extension: string, preferred: readonly string[] = [], matchOn: "name" | "path" = "name"): string | undefined {
  const files = siblingFiles(model).filter((name) => name.endsWith(extension));
  const key = (name: string) => (matchOn === "path" ? name : (name.split("/").pop() ?? ""));
  return files.find((name) => preferred.includes(key(name))) ?? files[0];
}

/** Whether the record's task is `tag`, or its tags list it. */
export const hasTag = (model: ModelRecord, tag: string): boolean => model.pipeline_tag === tag || model.tags.includes(tag);

export { siblingFiles };
