import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";

/**
 * The chat features some providers take and others do not, each with its table in data/: structured output
 * (`response_format` json_schema) and tool calling (`tools`).
 */
export type ChatFeature = "structured-output" | "tool-calling";

/** One row of a feature's table: whether a provider's chat route takes it, and where that was read. */
export interface ChatFeatureRow {
  id: string;
  supported: boolean;
  source: string;
  /** Where support is partial (some models only). */
  caveat?: string;
  /** Why a provider listed as not supporting it does not. */
  why?: string;
}

export interface ChatFeatureTable {
  read: string;
  about: string;
  providers: ChatFeatureRow[];
}

const tables = new Map<ChatFeature, ChatFeatureTable>();

/** A feature's table, read on first use (never on a call that does not ask for the feature). */
export function chatFeatureTable(feature: ChatFeature): ChatFeatureTable {
  let table = tables.get(feature);
  if (!table) {
    table = readPackagedJson<ChatFeatureTable>(`${dataDir}${feature}.json`);
    tables.set(feature, table);
  }
  return table;
}

/** A provider's row of a feature's table, if the table names it. */
export function chatFeatureOf(feature: ChatFeature, provider: string): ChatFeatureRow | undefined {
  return chatFeatureTable(feature).providers.find((row) => row.id === provider);
}
