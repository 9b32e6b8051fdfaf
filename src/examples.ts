import { readdirSync } from "node:fs";
import { UserError } from "./errors.js";
import { examplesDir } from "./paths.js";

/** How an argument names a record shipped in the package's examples/: `example:whisper-large-v3`. */
export const examplePrefix = "example:";

/** The names of the shipped examples (their file names without `.json`), sorted. */
export function exampleNames(folder = examplesDir): string[] {
  try {
    return readdirSync(folder)
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .sort();
  } catch {
    return [];
  }
}

/** The dataset records shipped in examples/datasets/. */
export const datasetExamplesDir = `${examplesDir}datasets/`;

/**
 * The file of the model record `example:<name>` names, or undefined for a source that is no `example:` name; a
 * name no example has is a UserError naming the shipped ones.
 */
export function exampleModelFile(source: string): string | undefined {
  if (!source.startsWith(examplePrefix)) return undefined;
  const name = source.slice(examplePrefix.length);
  const names = exampleNames();
  if (!names.includes(name) && exampleNames(datasetExamplesDir).includes(name))
    throw new UserError(`${source}: a dataset example, not a model record; for its loading code: hub-snippets dataset ${source}`);
  if (!names.includes(name))
    throw new UserError(`${source}: no such example; the shipped examples: ${names.map((known) => `${examplePrefix}${known}`).join(", ")}`);
  return `${examplesDir}${name}.json`;
}
