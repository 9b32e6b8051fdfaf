import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { GatedBasesData } from "./schema.js";

/*
 * Whether a base model an adapter or LoRA names is known to be gated (data/gated-bases.json). The record names its
 * base by id only, so a base missing from the table may be gated too: the table only adds notes, never removes one.
 */

let data: GatedBasesData | undefined;

function gatedBasesData(): GatedBasesData {
  data ??= readPackagedJson<GatedBasesData>(`${dataDir}gated-bases.json`);
  return data;
}

/** Whether the table knows the base model `id` as gated (ids compared as the Hub does: case-insensitively). */
export function isKnownGatedBase(id: string): boolean {
  const { owners, prefixes, repositories } = gatedBasesData();
  const wanted = id.toLowerCase();
  const owner = wanted.split("/")[0];
  return (
    owners.some((each) => each.toLowerCase() === owner) ||
    prefixes.some((prefix) => wanted.startsWith(prefix.toLowerCase())) ||
    repositories.some((repository) => repository.toLowerCase() === wanted)
  );
}
