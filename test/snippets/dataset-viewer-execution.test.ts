import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DatasetRecordSchema, type DatasetRecord } from "../../src/dataset/record.js";
import { getDatasetSnippets, type DatasetSnippet, type DatasetSnippetOptions } from "../../src/dataset/snippets.js";
import { viewerBase } from "../../src/dataset/snippets/viewer.js";
import { recordOf, tinyDatasets } from "../helpers/dataset-repos.js";
import { hostileChoices, hostileScriptRecord } from "../helpers/hostile-datasets.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { RUN_TIMEOUT_MS } from "../helpers/raw-execution.js";
import { rawClients, type RawClient } from "../helpers/raw-clients.js";
import type { RecordedRequest, Responder } from "../helpers/recorder.js";
import { ROUTER_ORIGIN, TEST_TOKEN } from "../helpers/run-snippet.js";

/*
 * The dataset viewer snippets (requests, fetch, curl: src/dataset/snippets/viewer.ts) run against the local recorder,
 * their host (https://datasets-server.huggingface.co) written over as the recorder's origin and nothing else touched.
 * The recorder checks every request each makes: GET, the endpoint's path, the query (decoded, in order: the dataset,
 * config and split exactly as the record names them, hostile names included) and the Authorization header, which
 * only a gated or private dataset's snippet sends (the user's HF_TOKEN); and the snippet prints each answer.
 */

const imdb = DatasetRecordSchema.parse(JSON.parse(readFileSync(fileURLToPath(new URL("../../examples/datasets/imdb.json", import.meta.url)), "utf8")));
const parquet = tinyDatasets().find((dataset) => dataset.id === "local-org/tiny-parquet");
const gated = tinyDatasets().find((dataset) => dataset.gated !== undefined);
const parquetRecord = recordOf(parquet!);
// Hostile config and split names, as a script dataset's dataset_info names them (a card with such split names is refused whole).
const hostile = hostileScriptRecord("hostile-org/hostile-names");

interface ViewerCase {
  name: string;
  record: DatasetRecord;
  options: DatasetSnippetOptions;
  /** The config and split the snippet reads (none: the splits only). */
  reads?: { config: string; split: string };
  signed: boolean;
  client: RawClient;
  snippet: DatasetSnippet;
}

const subjects: Omit<ViewerCase, "client" | "snippet">[] = [
  { name: "stanfordnlp/imdb (example)", record: imdb, options: {}, reads: { config: "plain_text", split: "train" }, signed: false },
  { name: "multi-config, default", record: parquetRecord, options: {}, reads: { config: "first", split: "train" }, signed: false },
  {
    name: "multi-config, --config second --split test",
    record: parquetRecord,
    options: { config: "second", split: "test" },
    reads: { config: "second", split: "test" },
    signed: false,
  },
  { name: "gated", record: recordOf(gated!), options: {}, reads: { config: "default", split: "train" }, signed: true },
  {
    name: "private",
    record: DatasetRecordSchema.parse({ ...parquetRecord, id: "private-org/tiny-private", private: true }),
    options: {},
    reads: { config: "first", split: "train" },
    signed: true,
  },
  { name: "--id only", record: DatasetRecordSchema.parse({ id: "someone/only-an-id" }), options: {}, signed: false },
  ...hostileChoices().map((choice, index) => ({ name: `hostile names #${index}`, record: hostile, options: choice, reads: choice, signed: false })),
  {
    name: "hostile names, private",
    record: DatasetRecordSchema.parse({ ...hostile, private: true }),
    options: hostileChoices()[2]!,
    reads: hostileChoices()[2]!,
    signed: true,
  },
];

const cases: ViewerCase[] = subjects.flatMap((subject) =>
  (["requests", "fetch", "curl"] as const).map((client) => {
    const [snippet] = getDatasetSnippets(subject.record, { ...subject.options, client }).snippets;
    if (!snippet) throw new Error(`no ${client} snippet for ${subject.name}`);
    return { ...subject, client, snippet };
  }),
);

/** The requests a viewer snippet must make: the splits, then (with a config and split) the first rows and a search. */
function expectedRequests(c: ViewerCase): { path: string; params: [string, string][] }[] {
  const dataset: [string, string] = ["dataset", c.record.id];
  const calls = [{ path: "/splits", params: [dataset] }];
  if (c.reads) {
    const chosen: [string, string][] = [dataset, ["config", c.reads.config], ["split", c.reads.split]];
    calls.push({ path: "/first-rows", params: chosen });
    calls.push({ path: "/search", params: [...chosen, ["query", "great"], ["offset", "0"], ["length", "10"]] });
  }
  return calls;
}

/** The viewer answers each endpoint with a JSON object naming it, which the snippet prints. */
const responder: Responder = (request) => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ endpoint: `viewer-answer${request.path.split("?")[0]}` }),
});

function problemsOf(c: ViewerCase, requests: RecordedRequest[], stdout: string): string[] {
  const problems: string[] = [];
  const expected = expectedRequests(c);
  if (requests.length !== expected.length) problems.push(`${requests.length} requests, expected ${expected.length}`);
  expected.forEach((call, index) => {
    const request = requests[index];
    if (!request) return;
    const url = new URL(request.path, "http://viewer.invalid");
    if (request.method !== "GET") problems.push(`${call.path}: method ${request.method}`);
    if (url.pathname !== call.path) problems.push(`request ${index}: path ${url.pathname}, expected ${call.path}`);
    const params = [...url.searchParams.entries()];
    if (JSON.stringify(params) !== JSON.stringify(call.params))
      problems.push(`${call.path}: query ${JSON.stringify(params)}, expected ${JSON.stringify(call.params)}`);
    const authorization = c.signed ? `Bearer ${TEST_TOKEN}` : undefined;
    if (request.headers.authorization !== authorization)
      problems.push(`${call.path}: authorization ${JSON.stringify(request.headers.authorization)}, expected ${JSON.stringify(authorization)}`);
    if (!stdout.includes(`viewer-answer${call.path}`)) problems.push(`did not print the answer of ${call.path}`);
  });
  return problems;
}

describe("dataset viewer snippets run against the recorder", () => {
  const outcomes = runBeforeTests(
    cases.map((c) => ({
      client: c.client,
      job: {
        // The viewer's host becomes the router's, which the pool writes over as its recorder's origin.
        snippet: { language: rawClients[c.client].language, client: c.client, content: c.snippet.content.replaceAll(viewerBase, ROUTER_ORIGIN) },
        responder,
        timeoutMs: RUN_TIMEOUT_MS,
      },
    })),
  );

  it("every run's host is the viewer's, once written over", () => {
    for (const c of cases) expect(c.snippet.content.split(viewerBase).length - 1, c.name).toBe(c.client === "curl" ? expectedRequests(c).length : 1);
  });

  cases.forEach((c, index) => {
    it(`${c.client}: ${c.name}`, () => {
      const outcome = outcomes()[index];
      if (outcome === undefined) return; // the client's runtime is missing here (a notice said so)
      expect(outcome.ok ? "" : outcome.error).toBe("");
      if (!outcome.ok) return;
      const context = `--- snippet ---\n${c.snippet.content}\n--- stdout ---\n${outcome.run.stdout.slice(0, 2000)}\n--- stderr ---\n${outcome.run.stderr.slice(-2000)}`;
      expect(outcome.run.code, context).toBe(0);
      expect(problemsOf(c, outcome.requests, outcome.run.stdout), context).toEqual([]);
      expect(existsSync(join(outcome.run.dir, "PWNED_MARKER")) || existsSync(join(outcome.run.dir, "PWNED")), "a hostile name ran as code").toBe(false);
    });
  });

  it("runs every case whose runtime is here, and prints the count", () => {
    const ran = outcomes().filter((outcome) => outcome?.ok && outcome.run.code === 0).length;
    const runnable = outcomes().filter((outcome) => outcome !== undefined).length;
    expect(runnable, "cases whose runtime is here").toBeGreaterThan(0);
    expect(ran).toBe(runnable);
    console.log(
      `dataset viewer snippets executed against the recorder: ${ran} of ${cases.length} (requests, fetch, curl; ${subjects.length} records and choices, ${hostileChoices().length} of them hostile names)`,
    );
  });
});
