import type { Snippet } from "../../src/code/snippet.js";
import { parseModelRecord } from "../../src/model/read.js";
import { type InferenceRequest } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { clipJson, type HostileCase } from "./hostile-records.js";
import type { RecordedRequest } from "./recorder.js";
import { buildInferenceRequest } from "./record-twins.js";

/** What the hostile property files share: the seed, how a case becomes snippets, and how runs are checked. */

export const SEED = 20261122;
export const RUN_TIMEOUT_MS = 15_000;
export const API_TOKEN_VALUE = "api_test_token";
export const HF_TOKEN_VALUE = "hf_test_token";

/** The record goes through JSON and the real reader, as it would from a file. */
export function snippetsOf(c: HostileCase): Snippet[] {
  return getInferenceSnippets(parseModelRecord(JSON.stringify(c.record), "hostile.json"), c.options);
}

export function requestOf(c: HostileCase): InferenceRequest | undefined {
  return buildInferenceRequest(parseModelRecord(JSON.stringify(c.record), "hostile.json"), c.options);
}

export const describeCase = (c: HostileCase) => `${c.kind}; record ${clipJson(c.record, 600)}; options ${clipJson(c.options, 300)}`;

export function recordedTarget(recorded: RecordedRequest, origin: string): string {
  const url = new URL(recorded.path, origin);
  return `${url.pathname}${url.search}`;
}
