import type { ModelRecord } from "../../model/record.js";

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

export { siblingFiles } from "../../model/siblings.js";
