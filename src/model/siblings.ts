import type { ModelRecord } from "./record.js";

/** The file names of the record's `siblings` (the model API's file list), in its order; empty when it has none. */
export function siblingFiles(model: ModelRecord): string[] {
  const siblings: unknown = model["siblings"];
  if (!Array.isArray(siblings)) return [];
  return siblings.flatMap((sibling: unknown) => {
    const name: unknown = typeof sibling === "object" && sibling !== null ? (sibling as Record<string, unknown>)["rfilename"] : undefined;
    return typeof name === "string" && name !== "" ? [name] : [];
  });
}
