import { describe, expect, it } from "vitest";
import { listProviders } from "../../src/catalogue/providers.js";
import { providerCorpus } from "../helpers/corpus.js";
import { caseOf, describeRawRuns, rawExecutionSuite } from "../helpers/raw-execution.js";
import { isRawClient, rawClientNames } from "../helpers/raw-clients.js";
import { isFalQueue } from "../helpers/fal-queue.js";

/*
 * The raw HTTP snippets (curl, requests, fetch) of every provider of the table run against the recorder: through
 * the router on every task each serves, and directly (the provider's origin pointed at the recorder) on a sample.
 */

const suite = rawExecutionSuite("provider raw-client snippets");
const rawEntries = providerCorpus().filter((entry) => isRawClient(entry.snippet.client));

describe("every provider's raw-client snippets run against the recorder", () => {
  it("every provider of the table has raw-client snippets, through the router or directly", () => {
    const providersSeen = new Set(rawEntries.map((entry) => entry.optionSet.split(":")[1]));
    expect(
      listProviders()
        .filter((provider) => provider.id !== "hf-inference" && !providersSeen.has(provider.id))
        .map((provider) => provider.id),
    ).toEqual([]);
    expect(rawEntries.some((entry) => entry.optionSet.startsWith("direct:"))).toBe(true);
  });

  it("fal's queued tasks are followed to their media by every raw client, through the router and directly", () => {
    const queued = rawEntries.filter((entry) => isFalQueue(caseOf(entry).request));
    for (const client of rawClientNames) {
      const sets = new Set(queued.filter((entry) => entry.snippet.client === client).map((entry) => entry.optionSet));
      expect([...sets].sort(), client).toEqual(["direct:fal-ai", "router:fal-ai"]);
    }
    expect(queued.length).toBeGreaterThanOrEqual(3 * 9);
  });

  it("the form uploads (Together's and DeepInfra's transcriptions) and Novita's image-text-to-video run in every raw client", () => {
    const pairs = ["together automatic-speech-recognition", "deepinfra automatic-speech-recognition", "novita image-text-to-video"];
    for (const client of rawClientNames) {
      const seen = rawEntries.filter((entry) => entry.snippet.client === client).map((entry) => `${entry.optionSet.split(":")[1]} ${entry.kind}`);
      for (const pair of pairs) expect(seen, client).toContain(pair);
    }
    // Both ways (router and direct) for both providers, in each of the three clients.
    expect(rawEntries.filter((entry) => caseOf(entry).request.wire.request === "multipart")).toHaveLength(4 * 3);
  });

  describeRawRuns(rawEntries, suite);
});
