import { readdirSync } from "node:fs";
import { examplesDir } from "../paths.js";

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
