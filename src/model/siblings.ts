import type { ModelRecord } from "./record.js";

/** One file of the record's `siblings` (the model API's file list): its name, and its size when the record gives it. */
export interface Sibling {
  file: string;
  /** Bytes: `size` (the model API with ?blobs=true), else its LFS pointer's size; undefined when neither is given. */
  size: number | undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const positive = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined);

/** The record's files, in its order; empty when it has none (siblings is not validated: odd entries are skipped). */
export function siblings(model: ModelRecord): Sibling[] {
  const list: unknown = model["siblings"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((sibling: unknown) => {
    if (!isObject(sibling) || typeof sibling["rfilename"] !== "string" || sibling["rfilename"] === "") return [];
    const size = positive(sibling["size"]) ?? (isObject(sibling["lfs"]) ? positive(sibling["lfs"]["size"]) : undefined);
    return [{ file: sibling["rfilename"], size }];
  });
}

/** The file names of the record's `siblings`, in its order; empty when it has none. */
export function siblingFiles(model: ModelRecord): string[] {
  return siblings(model).map((sibling) => sibling.file);
}
