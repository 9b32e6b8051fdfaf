import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { DerivedAnswer } from "./hub-record-rules.js";

/** The corpus of Hub model API records (test/fixtures/hub-records/) and what each one's default answer holds. */

export const hubRecordsDir = fileURLToPath(new URL("../fixtures/hub-records/", import.meta.url));

export interface HubRecordExpectation extends DerivedAnswer {
  about: string;
  gated: boolean;
}

/** The record names: the JSON files of the folder but expectations.json. */
export function hubRecordNames(): string[] {
  return readdirSync(hubRecordsDir)
    .filter((file) => file.endsWith(".json") && file !== "expectations.json")
    .map((file) => file.slice(0, -".json".length))
    .sort();
}

export const hubRecordFile = (name: string) => join(hubRecordsDir, `${name}.json`);

/** A record as the Hub sent it (unvalidated JSON). */
export function readHubRecordJson(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(hubRecordFile(name), "utf8")) as Record<string, unknown>;
}

/** A record as the model reader validates it. */
export function readHubRecord(name: string): ModelRecord {
  return ModelRecordSchema.parse(readHubRecordJson(name));
}

export function hubRecordExpectations(): Record<string, HubRecordExpectation> {
  return JSON.parse(readFileSync(join(hubRecordsDir, "expectations.json"), "utf8")) as Record<string, HubRecordExpectation>;
}
