import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InferenceClient } from "@huggingface/inference";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { type InferenceRequest, type InferenceSnippetOptions } from "../../src/inference/request.js";
import { recordFor } from "../helpers/corpus.js";
import { isNovitaTask, novitaFailure, novitaOutputFile, novitaTaskPaths, novitaTaskResponder, novitaVideo } from "../helpers/novita-task.js";
import { runBeforeTests } from "../helpers/pool-runs.js";
import { jobFor, problemsOf, report, runtimeMissing, RUN_TIMEOUT_MS, type Case } from "../helpers/raw-execution.js";
import { rawClientNames } from "../helpers/raw-clients.js";
import { startRecorder, type RecordedRequest, type Recorder, type Responder } from "../helpers/recorder.js";
import { sampleFiles } from "../helpers/run-snippet.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * Novita's video tasks (text-to-video, MiniMax's image-text-to-video) start a task and answer its id: the raw
 * snippets poll the result until it succeeds, then save the video; when Novita reports a failure, they stop with
 * its reason and save nothing. The paths they poll are the ones @huggingface/inference polls (checked here too).
 */

const kinds = ["text-to-video", "image-text-to-video"] as const;
type Kind = (typeof kinds)[number];

// MiniMax's route serves the one model the SDK knows there.
const recordOf = (kind: Kind) =>
  recordFor(kind, kind === "image-text-to-video" ? { inferenceProviderMapping: { novita: { providerId: "MiniMax-H3", status: "live", task: kind } } } : {});

const optionSets: Record<string, InferenceSnippetOptions> = {
  router: { provider: "novita" },
  direct: { provider: "novita", direct: true },
  "bill-to": { provider: "novita", billTo: "acme-org" },
};

function caseFor(kind: Kind, options: InferenceSnippetOptions, client: (typeof rawClientNames)[number]): Case {
  const request = buildInferenceRequest(recordOf(kind), options);
  const snippet = getInferenceSnippets(recordOf(kind), options).find((s) => s.client === client);
  if (!request || !snippet) throw new Error(`no ${client} snippet for Novita's ${kind}`);
  return { client, request, options, snippet };
}

const successes = kinds.flatMap((kind) =>
  Object.entries(optionSets).flatMap(([set, options]) => rawClientNames.map((client) => ({ name: `${kind} [${set}]`, c: caseFor(kind, options, client) }))),
);
const failures = kinds.flatMap((kind) =>
  rawClientNames.map((client) => ({ name: kind, c: caseFor(kind, optionSets.router as InferenceSnippetOptions, client) })),
);

describe("raw Novita task snippets poll the task and save its video", () => {
  const outcomes = runBeforeTests([
    ...successes.map(({ c }) => ({ client: c.client, job: jobFor(c) })),
    ...failures.map(({ c }) => ({ client: c.client, job: { ...jobFor(c), responder: novitaTaskResponder(c.request, "fails") } })),
  ]);

  it("both video kinds go through the polling template", () => {
    for (const { c } of successes) expect(isNovitaTask(c.request) && c.request.call?.poll !== undefined, `${c.client} ${c.request.kind}`).toBe(true);
  });

  successes.forEach(({ name, c }, index) => {
    it.skipIf(runtimeMissing(c.client))(`${c.client}: ${name} saves the video`, () => {
      const outcome = outcomes()[index];
      const { problems } = problemsOf(c, outcome);
      expect(problems, report(c, outcome, problems)).toEqual([]);
    });
  });

  failures.forEach(({ name, c }, index) => {
    it.skipIf(runtimeMissing(c.client))(`${c.client}: ${name} stops with Novita's reason when the task fails`, () => {
      const outcome = outcomes()[successes.length + index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.error ?? "never run"}`);
      const { run } = outcome;
      expect(run.timedOut, `timed out after ${RUN_TIMEOUT_MS} ms`).toBe(false);
      expect(run.code, run.stderr).not.toBe(0);
      expect(run.stderr).toContain(novitaFailure);
      expect(existsSync(join(run.dir, novitaOutputFile))).toBe(false);
    });
  });
});

describe("the SDK polls the same paths", () => {
  let recorder: Recorder;
  let respond: Responder = () => ({ status: 500, body: "no responder" });
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    recorder = await startRecorder((request) => respond(request));
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === "huggingface.co") {
        const mapping = {
          novita: {
            providerId: url.pathname.includes("image-text-to-video") ? "MiniMax-H3" : "acme/text-to-video-model",
            status: "live",
            task: url.pathname.includes("image-text") ? "image-text-to-video" : "text-to-video",
          },
        };
        return new Response(JSON.stringify({ _id: "0", id: "x", inferenceProviderMapping: mapping }), { headers: { "content-type": "application/json" } });
      }
      const redirected = `${recorder.origin}${url.pathname}${url.search}`;
      return realFetch(input instanceof Request ? new Request(redirected, input) : redirected, init);
    };
  });

  afterAll(async () => {
    globalThis.fetch = realFetch;
    await recorder.close();
  });

  async function sdkRun(kind: Kind, direct: boolean): Promise<{ requests: RecordedRequest[]; request: InferenceRequest; video: Buffer }> {
    const request = buildInferenceRequest(recordOf(kind), { provider: "novita", direct }) as InferenceRequest;
    recorder.reset();
    respond = novitaTaskResponder(request);
    const client = new InferenceClient(direct ? "novita_key" : "hf_test_token");
    const model = recordOf(kind).id;
    const blob =
      kind === "text-to-video"
        ? await client.textToVideo({ model, provider: "novita", inputs: "a boat" })
        : await client.imageTextToVideo({
            model,
            provider: "novita",
            inputs: new Blob([new Uint8Array(sampleFiles["image.jpg"] as Buffer)], { type: "image/jpeg" }),
            parameters: { prompt: "a boat" },
          });
    return { requests: [...recorder.requests], request, video: Buffer.from(await blob.arrayBuffer()) };
  }

  for (const kind of kinds) {
    for (const direct of [false, true]) {
      it(`${kind} (${direct ? "direct" : "router"}): POST, the result polls, the video`, async () => {
        const { requests, request, video } = await sdkRun(kind, direct);
        const paths = novitaTaskPaths(request);
        expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${paths.post}`, `GET ${paths.poll}`, `GET ${paths.poll}`, `GET ${paths.video}`]);
        expect(video.equals(novitaVideo)).toBe(true);
      }, 20_000);
    }
  }
});
