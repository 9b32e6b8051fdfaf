import { beforeAll, describe, expect, it } from "vitest";
import type { PoolOutcome } from "../helpers/recorder-pool.js";
import { rawExecutionSuite, report, runtimeMissing, SUITE_TIMEOUT_MS } from "../helpers/raw-execution.js";
import { hostileCases, hostileProblems } from "../helpers/raw-hostile-cases.js";
import { rawClientNames } from "../helpers/raw-clients.js";

/* Hostile widget text, tokens and bill-to values run through every raw client and arrive as data. */

const { runCases, executed } = rawExecutionSuite("hostile raw-client cases");

describe("hostile widget text and options stay data in every raw client", () => {
  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const cases = hostileCases(client);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        outcomes = await runCases(cases);
        executed[client] += outcomes.filter((outcome) => outcome.ok).length;
      }, SUITE_TIMEOUT_MS);

      cases.forEach((c, index) => {
        it(c.name, () => {
          const outcome = outcomes[index];
          const problems = hostileProblems(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
        });
      });
    });
  }
});
