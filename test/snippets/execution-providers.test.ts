import { beforeAll, describe, expect, it } from "vitest";
import { listProviders } from "../../src/catalogue/providers.js";
import { providerCorpus } from "../helpers/corpus.js";
import type { PoolOutcome } from "../helpers/recorder-pool.js";
import { caseOf, problemsOf, rawExecutionSuite, report, runtimeMissing, SUITE_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { isRawClient, rawClientNames } from "../helpers/raw-clients.js";

/*
 * The raw HTTP snippets (curl, requests, fetch) of every provider of the table run against the recorder: through
 * the router on every task each serves, and directly (the provider's origin pointed at the recorder) on a sample.
 */

const { runCases, executed } = rawExecutionSuite("provider raw-client snippets");
const rawEntries = providerCorpus().filter((entry) => isRawClient(entry.snippet.client));

describe("every provider's raw-client snippets run against the recorder", () => {
  it("every provider of the table has raw-client snippets, through the router or directly", () => {
    const providersSeen = new Set(rawEntries.map((entry) => entry.optionSet.split(":")[1]));
    expect(listProviders().filter((provider) => provider.id !== "hf-inference" && !providersSeen.has(provider.id)).map((provider) => provider.id)).toEqual([]);
    expect(rawEntries.some((entry) => entry.optionSet.startsWith("direct:"))).toBe(true);
  });

  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const entries = rawEntries.filter((entry) => entry.snippet.client === client);
      const cases = entries.map(caseOf);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
        executed[client] += outcomes.filter((outcome) => outcome.ok).length;
      }, SUITE_TIMEOUT_MS);

      entries.forEach((entry, index) => {
        it(`${entry.kind} [${entry.optionSet}]`, () => {
          const c = cases[index] as Case;
          const outcome = outcomes[index];
          const { problems } = problemsOf(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
        });
      });
    });
  }
});
