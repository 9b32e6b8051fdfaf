import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { DerivedAnswer } from "./hub-record-rules.js";

/** The corpus of Hub model API records (test/fixtures/hub-records/) and what each one's default answer holds. */

export const hubRecordsDir = fileURLToPath(new URL("../fixtures/hub-records/", import.meta.url));

/**
 * A selector of snippets of the answer: `<kind>:<language>/<client>`, either side of the slash may be `*`
 * (`inference:sh/curl`, `library:python/*`, `app:sh/ollama`), or `<kind>:*` for every snippet of the kind.
 */
export type SnippetSelector = string;

/** A further `snippet <record> …args` run and what it must (and must not) print. */
export interface HubRecordRun {
  args: string[];
  exit?: number;
  stdout?: string[];
  stdoutNever?: string[];
  stderr?: string[];
  stderrNever?: string[];
}

/** What the answer must hold beyond what the rules derive: the shapes of issue 32 that the summary fields cannot say. */
export interface HubRecordChecks {
  /** The selected snippets (install line and code), together, contain each text (`/…/flags`: a regular expression); at least one is selected. */
  contains?: Record<SnippetSelector, string[]>;
  /** No selected snippet contains any of these texts. */
  lacks?: Record<SnippetSelector, string[]>;
  /** Apps (their keys) the answer offers, among its app snippets or on its "also runs in" line. */
  appsOffered?: string[];
  /** Apps the answer must not offer anywhere. */
  appsNever?: string[];
  /** Texts the diagnostics must not contain. */
  stderrNever?: string[];
  runs?: HubRecordRun[];
}

/** The fields of HubRecordChecks: checked against the CLI's output, not derived by the rules. */
export const checkFields = ["contains", "lacks", "appsOffered", "appsNever", "stderrNever", "runs"] as const;

export interface HubRecordExpectation extends DerivedAnswer, HubRecordChecks {
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

/** Whether a text holds a check's text: `/…/flags` is a regular expression, anything else a substring. */
export function holds(text: string, wanted: string): boolean {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(wanted);
  return regex ? new RegExp(regex[1]!, regex[2]).test(text) : text.includes(wanted);
}
