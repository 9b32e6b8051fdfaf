import { describe, expect, it } from "vitest";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { hubRecordNames, readHubRecord } from "../helpers/hub-records.js";
import { isRawClient, rawClientNames } from "../helpers/raw-clients.js";
import { problemsOf, rawExecutionSuite, report, runtimeMissing, SUITE_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import type { PoolOutcome } from "../helpers/recorder-pool.js";
import { buildInferenceRequest, withTaskFromMapping } from "../helpers/record-twins.js";

/**
 * The raw HTTP snippets (curl, requests, fetch) of every Hub API record's default answer, run as printed against the
 * recorder: each must send the request of the route the record's mapping names (the first live provider's route
 * and its model id; the router's chat route with the plain id; hf-inference's for a record without a mapping).
 */
const cases: (Case & { name: string })[] = hubRecordNames().flatMap((name) => {
  const model = readHubRecord(name);
  const answer = getModelSnippets(model, { kind: "inference" });
  if (!answer.inference) return [];
  const { provider, routeProvider } = answer.inference;
  const tasked = withTaskFromMapping(model);
  // What raw clients write: the router's own route where it has one (chat with auto, hf-inference), else the route provider's.
  const routed = buildInferenceRequest(tasked, { provider });
  const request = routed?.url === undefined && routeProvider !== undefined ? buildInferenceRequest(tasked, { provider: routeProvider }) : routed;
  if (!request) throw new Error(`${name}: snippets but no request`);
  return answer.snippets
    .filter((snippet) => isRawClient(snippet.client))
    .map((snippet) => ({ name, client: snippet.client as Case["client"], request, options: {}, snippet }));
});

const suite = rawExecutionSuite("raw snippets of the Hub API records' default answers");

describe("the raw snippets of every Hub API record run against the recorder and call the route its mapping names", () => {
  it("has raw snippets of at least 15 served records", () => {
    expect(new Set(cases.map((c) => c.name)).size).toBeGreaterThanOrEqual(15);
  });

  for (const client of rawClientNames) {
    describe.skipIf(runtimeMissing(client))(client, () => {
      const mine = cases.filter((c) => c.client === client);
      let outcomes: PoolOutcome[] = [];
      it(
        "runs them all",
        async () => {
          outcomes = await suite.runCases(mine);
          suite.executed[client] += outcomes.filter((outcome) => outcome.ok).length;
        },
        SUITE_TIMEOUT_MS,
      );
      mine.forEach((c, index) => {
        it(`${c.name} (${c.request.kind} via ${c.request.call?.provider.id ?? c.request.provider})`, () => {
          const outcome = outcomes[index];
          const { problems, recorded } = problemsOf(c, outcome);
          expect(problems, report(c, outcome, problems)).toEqual([]);
          if (c.request.call && recorded) expect(recorded.path).toContain(`/${c.request.call.provider.id}/`);
        });
      });
    });
  }
});
