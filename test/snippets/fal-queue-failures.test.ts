import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { recordFor } from "../helpers/corpus.js";
import { falQueueOutputFile, falQueueResponder, isFalQueue, type FalQueueScript } from "../helpers/fal-queue.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { jobFor, runtimeMissing, RUN_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { rawClientNames, type RawClient } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * A fal queue job that does not end well must end the raw snippet with an error that shows why, and save nothing:
 * a status other than the queue's own (IN_QUEUE, IN_PROGRESS, COMPLETED), or a result fal answers with an error.
 */

const failures: Record<string, { script: FalQueueScript; shows: string }> = {
  "an unknown status": { script: { states: ["IN_QUEUE", "FAILED"], resultStatus: 200 }, shows: "FAILED" },
  "a failed result": { script: { states: ["COMPLETED"], resultStatus: 500 }, shows: "the fake job failed" },
};

const options = { provider: "fal-ai" };
const request = buildInferenceRequest(recordFor("text-to-image"), options);

const cases = rawClientNames.flatMap((client) =>
  Object.entries(failures).map(([name, failure]) => {
    const snippet = getInferenceSnippets(recordFor("text-to-image"), options).find((s) => s.client === client);
    if (!snippet || !request) throw new Error(`no ${client} snippet for fal's text-to-image`);
    const c: Case = { client: client as RawClient, request, options, snippet };
    return { name, client, failure, job: { ...jobFor(c), responder: falQueueResponder(request, failure.script) } };
  }),
);

describe("raw fal queue snippets fail clearly when the job does", () => {
  const outcomes = runBeforeTests(cases);

  it("text-to-image through the router goes through fal's queue", () => {
    expect(request && isFalQueue(request)).toBe(true);
  });

  cases.forEach((c, index) => {
    it.skipIf(runtimeMissing(c.client))(`${c.client}: ${c.name}`, () => {
      const outcome = outcomes()[index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.error ?? "never run"}`);
      const { run } = outcome;
      expect(run.timedOut, `timed out after ${RUN_TIMEOUT_MS} ms`).toBe(false);
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stderr).toContain(c.failure.shows);
      expect(existsSync(join(run.dir, falQueueOutputFile("text-to-image")))).toBe(false);
    });
  });
});
