import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";

/** One row of data/structured-output.json: whether a provider's chat route takes a JSON schema, and where that was read. */
export interface StructuredOutputRow {
  id: string;
  jsonSchema: boolean;
  source: string;
  /** Where support is partial (some models only). */
  caveat?: string;
  /** Why a provider listed as not supporting it does not. */
  why?: string;
}

interface StructuredOutputTable {
  read: string;
  about: string;
  providers: StructuredOutputRow[];
}

let table: StructuredOutputTable | undefined;

/** The table, read on first use (never on a call without --json-schema). */
export function structuredOutputTable(): StructuredOutputTable {
  table ??= readPackagedJson<StructuredOutputTable>(`${dataDir}structured-output.json`);
  return table;
}

/** A provider's row, if the table names it. */
export function structuredOutputOf(provider: string): StructuredOutputRow | undefined {
  return structuredOutputTable().providers.find((row) => row.id === provider);
}
