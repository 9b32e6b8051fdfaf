import { describe, expect, it } from "vitest";
import { optionSets, recordFor, snippetCorpus } from "../helpers/corpus.js";
import { describeRawRuns, rawExecutionSuite } from "../helpers/raw-execution.js";
import { isRawClient, rawClientNames } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/* Every snippet of the raw HTTP clients (curl, requests, fetch) of the corpus runs for real against a local recorder. */

const suite = rawExecutionSuite("raw-client snippets");

const corpus = snippetCorpus();
const rawEntries = corpus.filter((entry) => isRawClient(entry.snippet.client));

describe("every raw-client snippet runs against the recorder", () => {
  it("the raw-client subset is exactly curl, requests and fetch for every request that has a URL", () => {
    const withUrl = corpus.reduce((keys, entry) => {
      const request = buildInferenceRequest(recordFor(entry.kind), entry.options);
      if (request?.url) keys.add(`${entry.kind} [${entry.optionSet}]`);
      return keys;
    }, new Set<string>());
    const missing: string[] = [];
    for (const key of withUrl) {
      for (const client of rawClientNames) {
        if (!rawEntries.some((entry) => `${entry.kind} [${entry.optionSet}]` === key && entry.snippet.client === client)) missing.push(`${client} ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(rawEntries.length).toBe(withUrl.size * rawClientNames.length);
    expect(rawEntries.length).toBeGreaterThan(300);
    expect(Object.keys(optionSets)).toEqual(expect.arrayContaining(["default", "stream", "bill-to", "token", "endpoint-url", "provider-auto"]));
  });

  describeRawRuns(rawEntries, suite);
});
