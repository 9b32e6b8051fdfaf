import { isSplitPart } from "../model/gguf.js";

// The quantizations of a record's GGUF files are facts of the record (src/model/gguf-quants.ts, read once into its view).

/** A GGUF file to name when the app wants one, among the record's model GGUF files: the chosen one, else a whole (unsplit) model file, else a split part. */
export function runnableAmong(modelFiles: readonly string[], chosenFile: string | undefined): string | undefined {
  if (chosenFile) return chosenFile;
  return modelFiles.find((name) => !isSplitPart(name)) ?? modelFiles[0];
}
