import { afterAll, beforeAll } from "vitest";
import { runtimeMissing, SUITE_TIMEOUT_MS } from "./raw-execution.js";
import type { RawClient } from "./raw-clients.js";
import { RecorderPool, type PoolJob, type PoolOutcome } from "./recorder-pool.js";
import { removeSnippetDirs } from "./run-snippet.js";

/**
 * Runs a test file's raw-client jobs in a pool of two recorders before its tests, and closes the pool after.
 * Jobs whose client has no runtime here are not run (their tests skip): their outcome is undefined.
 * Returns the outcomes, in job order, for the tests to read once the runs are done.
 */
export function runBeforeTests(jobs: readonly { client: RawClient; job: PoolJob }[]): () => (PoolOutcome | undefined)[] {
  let pool: RecorderPool | undefined;
  let outcomes: (PoolOutcome | undefined)[] = [];

  beforeAll(async () => {
    pool = await RecorderPool.start(2);
    const runnable = jobs.filter((entry) => !runtimeMissing(entry.client));
    const ran = await pool.runAll(runnable.map((entry) => entry.job));
    outcomes = jobs.map((entry) => ran[runnable.indexOf(entry)]);
  }, SUITE_TIMEOUT_MS);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
  });

  return () => outcomes;
}
