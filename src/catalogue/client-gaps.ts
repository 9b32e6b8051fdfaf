import { dataDir } from "../paths.js";
import type { SdkGap } from "./client-gap-schema.js";
import { readPackagedJson } from "./read-json.js";

export type { SdkGap } from "./client-gap-schema.js";

let table: Readonly<Record<string, readonly SdkGap[]>> | undefined;
const none: readonly SdkGap[] = [];

/** The SDK gaps of one client of the client table (data/client-gaps.json, read on first use); none for most. */
export function sdkGapsOf(language: string, client: string): readonly SdkGap[] {
  table ??= readPackagedJson<Record<string, readonly SdkGap[]>>(`${dataDir}client-gaps.json`);
  const key = `${language}/${client}`;
  return Object.hasOwn(table, key) ? (table[key] as readonly SdkGap[]) : none;
}
