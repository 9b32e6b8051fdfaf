import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import { parseModelRecord } from "../../src/model/read.js";
import type { Snippet } from "../../src/code/snippet.js";
import { requestBody } from "../../src/inference/body.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { endpointBase } from "../helpers/hostile-records.js";
import { API_TOKEN_VALUE, RUN_TIMEOUT_MS, recordedTarget, requestOf } from "../helpers/hostile-snippets.js";
import { runtimeMissing } from "../helpers/raw-execution.js";
import { defaultResponder } from "../helpers/recorder.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";
import { rawClients, type RawClient } from "../helpers/raw-clients.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

// ---------------------------------------------------------------------------------------------------------------
// Pinned: the smallest inputs behind what the properties found, one test each (they fail until src is fixed)

function modelOf(record: Record<string, unknown>) {
  return parseModelRecord(JSON.stringify({ tags: [], ...record }), "pinned.json");
}

const textModel = () => modelOf({ id: "acme/pinned", pipeline_tag: "text-classification", widgetData: [{ text: "plain text" }] });
const chatModel = () => modelOf({ id: "acme/pinned-chat", pipeline_tag: "text-generation", tags: ["conversational"], widgetData: [{ text: "plain text" }] });
const curlOf = (snippets: Snippet[]) => snippets.find((snippet) => snippet.client === "curl")?.content ?? "(no curl snippet)";

describe("pinned: options that cannot be sent are refused as usage errors", () => {
  // A NUL or line break cannot travel in an HTTP header (and bash drops a NUL from a script); snippets append
  // paths to an endpoint URL, which a query or fragment would break.
  for (const [name, options] of [
    ["--token with a NUL", { token: "hf_a\u0000b" }],
    ["--bill-to with a line break", { billTo: "acme\norg" }],
    ["--token with a lone surrogate", { token: "hf_\ud800" }],
    ["--endpoint-url with a query", { endpointUrl: `${endpointBase}ep?api-version=1` }],
    ["--endpoint-url with a fragment", { endpointUrl: `${endpointBase}ep#x` }],
    ["--endpoint-url with a lone %", { endpointUrl: `${endpointBase}100%` }],
  ] as const) {
    it(name, () => {
      let thrown: unknown;
      try {
        getInferenceSnippets(textModel(), options);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(UserError);
      expect((thrown as UserError).exitCode).toBe(2);
    });
  }

  it("an endpoint URL with a NUL reaches no snippet raw (it is percent-encoded)", () => {
    const lines = curlOf(getInferenceSnippets(textModel(), { endpointUrl: `${endpointBase}a\u0000b` })).split("\n");
    expect(lines.filter((line) => line.includes("\u0000"))).toEqual([]);
  });
});

describe("pinned: widget values that fall through to empty requests", () => {
  it("zero-shot candidate_labels of only commas and spaces fall back to the default labels", () => {
    const request = buildInferenceRequest(
      modelOf({ id: "acme/zs", pipeline_tag: "zero-shot-classification", widgetData: [{ text: "hi", candidate_labels: " , " }] }),
    );
    const example = request?.example;
    expect(example?.shape).toBe("labels");
    expect(example && "candidateLabels" in example ? example.candidateLabels.length : 0, "sends candidate_labels: []").toBeGreaterThan(0);
  });

  it("a blank cardData.instance_prompt falls back to the default prompt, as blank widget text does", () => {
    for (const prompt of ["", "   "]) {
      const request = requestOf({
        kind: "text-to-image",
        record: { id: "acme/t2i", pipeline_tag: "text-to-image", tags: [], cardData: { instance_prompt: prompt } },
        options: {},
      });
      const inputs = request ? (requestBody(request, null) as { inputs?: unknown }).inputs : undefined;
      expect(typeof inputs === "string" && inputs.trim() !== "", `instance_prompt ${JSON.stringify(prompt)} gives inputs ${JSON.stringify(inputs)}`).toBe(true);
    }
  });
});

describe("pinned: endpoint URLs that `new URL` accepts but the snippets send elsewhere", () => {
  interface PinnedRun {
    name: string;
    client: RawClient;
    model: () => ReturnType<typeof modelOf>;
    endpointUrl: string;
    /** Path and query the one request must reach. */
    expected: string;
  }
  const pinned: PinnedRun[] = [
    // curl refuses a URL with a space: "URL using bad/illegal format" (exit 3); new URL reads it as %20.
    { name: "curl, a space in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}my model`, expected: "/endpoint/my%20model" },
    // curl globs {a,b} into two requests, to /endpoint/a and /endpoint/b (no --globoff).
    { name: "curl, braces in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}{a,b}`, expected: "/endpoint/%7Ba,b%7D" },
    // curl reads [1] as a range: "bad range in URL" (exit 3).
    { name: "curl, brackets in the path", client: "curl", model: textModel, endpointUrl: `${endpointBase}v[1]`, expected: "/endpoint/v[1]" },
    {
      name: "fetch, chat endpoint with a space",
      client: "fetch",
      model: chatModel,
      endpointUrl: `${endpointBase}my ep`,
      expected: "/endpoint/my%20ep/v1/chat/completions",
    },
  ];
  const skipped = new Set((Object.keys(rawClients) as RawClient[]).filter(runtimeMissing));
  const runnable = pinned.filter((p) => !skipped.has(p.client));
  let pool: RecorderPool | undefined;
  let outcomes: PoolOutcome[] = [];

  beforeAll(async () => {
    pool = await RecorderPool.start(2);
    outcomes = await pool.runAll(
      runnable.map((p) => {
        const snippet = getInferenceSnippets(p.model(), { endpointUrl: p.endpointUrl }).find((candidate) => candidate.client === p.client);
        if (!snippet) throw new Error(`no ${p.client} snippet for ${p.name}`);
        return {
          snippet: { language: rawClients[p.client].language, client: p.client, content: snippet.content },
          responder: defaultResponder,
          env: { API_TOKEN: API_TOKEN_VALUE },
          timeoutMs: RUN_TIMEOUT_MS,
        };
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
  });

  runnable.forEach((p, index) => {
    it(`${p.name}: ${JSON.stringify(p.endpointUrl)}`, () => {
      const outcome = outcomes[index];
      if (!outcome?.ok) throw new Error(`could not run: ${outcome?.ok === false ? outcome.error : "no outcome"}`);
      const targets = outcome.requests.map((request) => recordedTarget(request, outcome.origin));
      const stderr = outcome.run.stderr.trim().split("\n").slice(-3).join("\n");
      expect({ code: outcome.run.code, targets }, stderr).toEqual({ code: 0, targets: [p.expected] });
    });
  });
});
