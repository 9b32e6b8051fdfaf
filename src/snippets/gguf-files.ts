import { isModelGguf, isSplitPart } from "../model/gguf.js";
import type { ModelRecord } from "../model/record.js";
import { siblingFiles } from "../model/siblings.js";

// The quantizations of a record's GGUF files are facts of the record (src/model/gguf-quants.ts, read once into its view).
export { ggufQuantFiles, type GgufQuantFiles } from "../model/gguf-quants.js";

/** A GGUF file to name when the app wants one: the chosen one, else a whole (unsplit) model file, else a split part. */
export function runnableGgufFile(model: ModelRecord, chosenFile: string | undefined): string | undefined {
  // The file list is read only when no file was chosen.
  return chosenFile || runnableAmong(siblingFiles(model).filter(isModelGguf), chosenFile);
}

/** runnableGgufFile, among the record's model GGUF files already read. */
export function runnableAmong(modelFiles: readonly string[], chosenFile: string | undefined): string | undefined {
  if (chosenFile) return chosenFile;
  return modelFiles.find((name) => !isSplitPart(name)) ?? modelFiles[0];
}
