import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The shared reference facts, beside the repository (../shared/reference), or undefined where they are absent. */
export const referenceDir = fileURLToPath(new URL("../../../shared/reference/", import.meta.url));

export function readReference<T>(name: string): T | undefined {
  const path = `${referenceDir}${name}`;
  if (existsSync(path)) return JSON.parse(readFileSync(path, "utf8")) as T;
  console.warn(`NOTICE: ${path} is missing (clone beside shared/); the reference-fact checks are skipped`);
  return undefined;
}
