import { extname } from "node:path";
import { describe, expect, it } from "vitest";
import { listProviders, providerTaskOf } from "../../src/catalogue/providers.js";
import { type InferenceRequest } from "../../src/inference/request.js";
import { inferenceTasks } from "../../src/catalogue/inference-kinds.js";
import { recordFor } from "../helpers/corpus.js";
import { boundaryOf, formProblems, parseMultipart } from "../helpers/multipart.js";
import { expectedForm } from "../helpers/raw-execution.js";
import type { RecordedRequest } from "../helpers/recorder.js";
import {
  hfToken,
  ourSide,
  pairLabel as label,
  providerKey,
  providerModelId,
  providerPairs,
  sdkFetchRedirect,
  sdkRequest as sdkRequestOf,
  shapeOf,
  type Pair,
} from "../helpers/wire-differential.js";
import { buildInferenceRequest } from "../helpers/record-twins.js";

/*
 * Differential test against the real SDK: for every provider × task it serves, @huggingface/inference makes the
 * call in process with its fetch sent to the local recorder, and the request it sends is compared with the one our
 * raw HTTP snippets (curl, requests, fetch: they share one request description, which execution-providers.test.ts
 * runs) send for the same provider, task and model: method, host and path, and the body's shape and values (for a
 * form upload, its parts: the file's bytes and type, and each text field). Through the router (HF token) and
 * directly (the provider's key). Every pair has a raw HTTP form: none is left to the SDKs alone.
 */

/** Where our snippets differ from the SDK on purpose, and why (one line each). */
const deliberate: Record<string, string> = {
  "router chat": "the router's OpenAI-compatible route reads the provider from `<id>:<provider>`, so any OpenAI client can make the call",
  "groq text-generation": "the SDK posts `inputs` to Groq's chat-completions route, which reads `messages`: we send the prompt as a message",
  "novita text-generation": "the SDK posts `inputs` to Novita's chat-completions route, which reads `messages`: we send the prompt as a message",
  "together text-generation": "completions APIs read `prompt`; the SDK also copies it into `inputs`, which they ignore",
  "scaleway text-generation": "completions APIs read `prompt`; the SDK also copies it into `inputs`, which they ignore",
  "fal-ai audio": "the SDK refuses FLAC blobs for fal (it is given WAV here), so the data URL's media type differs; fal reads both",
  "form file name": "a form upload names its file part after the file the snippet reads (the SDK: `audio.<extension>`); the extension is the same",
};

function recordOf(pair: Pair) {
  return recordFor(pair.kind, {
    id: pair.provider.id === "openai" ? `openai/${pair.kind}-model` : `acme/${pair.provider.id}-${pair.kind}-${pair.direct ? "d" : "r"}`,
    inferenceProviderMapping: { [pair.provider.id]: { providerId: providerModelId(pair), status: "live", task: providerTaskOf(pair.kind) } },
  });
}

/** A form upload: the SDK's request line, authorization and parts are ours (the file part's name aside, see `deliberate`). */
function formMatches(sent: RecordedRequest, ours: InferenceRequest): void {
  expect(sent.method).toBe("POST");
  expect(ourSide(ours).target, "host and path").toBe(sent.path);
  expect(sent.headers.authorization).toBe(`${ours.call?.authScheme ?? "Bearer"} ${ours.call?.direct ? providerKey : hfToken}`);
  const expected = expectedForm(ours);
  const boundary = boundaryOf(sent.headers["content-type"]);
  const theirFile = boundary ? parseMultipart(sent.body, boundary).find((part) => part.name === expected.file.name) : undefined;
  expect(extname(theirFile?.filename ?? ""), deliberate["form file name"]).toBe(extname(expected.file.filename));
  expect(formProblems(sent.headers["content-type"], sent.body, { ...expected, file: { ...expected.file, filename: theirFile?.filename ?? "" } })).toEqual([]);
}

const pairs: Pair[] = providerPairs();

sdkFetchRedirect();

/** The SDK's one inference request for a pair, as the recorder saw it. */
function sdkRequest(pair: Pair, request: InferenceRequest): Promise<RecordedRequest | undefined> {
  const model = recordOf(pair);
  return sdkRequestOf(pair, request, { id: model.id, mapping: model.inferenceProviderMapping });
}

describe("our raw HTTP requests match the requests @huggingface/inference sends, provider by provider", () => {
  it("covers every provider of the table and every task it serves, both ways", () => {
    const providers = new Set(pairs.map((pair) => pair.provider.id));
    expect([...providers].sort()).toEqual(
      listProviders()
        .filter((provider) => provider.id !== "hf-inference")
        .map((provider) => provider.id)
        .sort(),
    );
    console.log(`differential pairs: ${pairs.length} (${pairs.filter((pair) => pair.direct).length} direct)`);
  });

  for (const pair of pairs) {
    it(label(pair), async () => {
      const request = buildInferenceRequest(recordOf(pair), { provider: pair.provider.id, direct: pair.direct });
      expect(request, "our request").toBeDefined();
      const ours = request as InferenceRequest;
      const sent = await sdkRequest(pair, ours);
      const key = `${pair.provider.id} ${pair.kind}`;
      expect(sent, "the SDK sent a request").toBeDefined();
      expect(ours.url, "our raw snippets have a URL").toBeDefined();
      if (ours.wire.request === "multipart") {
        formMatches(sent!, ours);
        return;
      }
      const theirs = { method: sent!.method, target: sent!.path, body: JSON.parse(sent!.body.toString("utf8") || "null") as unknown };
      const mine = ourSide(ours);
      expect(theirs.method).toBe("POST");
      // The authorization our snippets send: the provider's own scheme directly, the Hub token's through the router.
      const token = pair.direct ? providerKey : hfToken;
      expect(sent!.headers.authorization).toBe(`${ours.call?.authScheme ?? "Bearer"} ${token}`);
      if (ours.example.shape === "chat" && !pair.direct) {
        // Deliberate: see `deliberate["router chat"]`.
        expect(mine.target).toBe("/__host/router.huggingface.co/v1/chat/completions");
        expect(theirs.target, deliberate["router chat"]).toBe(`/__host/router.huggingface.co/${pair.provider.id}${pair.provider.chatPath}`);
        expect((mine.body as { model: string }).model).toBe(`${recordOf(pair).id}:${pair.provider.id}`);
        expect({ ...(theirs.body as object), model: "" }).toEqual({ ...(mine.body as object), model: "" });
        return;
      }
      expect(mine.target, "host and path").toBe(theirs.target);
      if (deliberate[key]) {
        expect(shapeOf(mine.body), deliberate[key]).not.toEqual(shapeOf(theirs.body));
        return;
      }
      expect(shapeOf(mine.body), "body shape").toEqual(shapeOf(theirs.body));
      if (key.startsWith("fal-ai") && ours.spec.file === "audio")
        expect(JSON.stringify(theirs.body), deliberate["fal-ai audio"]).toContain("data:audio/x-wav;base64,");
      else expect(mine.body, "body values").toEqual(theirs.body);
    });
  }

  it("the deliberate list names real pairs", () => {
    const keys = new Set(pairs.map((pair) => `${pair.provider.id} ${pair.kind}`));
    const general = new Set(["router chat", "fal-ai audio", "form file name"]);
    for (const key of Object.keys(deliberate).filter((key) => !general.has(key))) expect(keys.has(key), key).toBe(true);
    expect(inferenceTasks["automatic-speech-recognition"].jsMethod).toBeDefined();
  });

  it("every pair has a raw HTTP form: form uploads and Novita's video route included", () => {
    const requests = pairs.map((pair) => buildInferenceRequest(recordOf(pair), { provider: pair.provider.id, direct: pair.direct }));
    expect(pairs.filter((_pair, index) => requests[index]?.url === undefined).map(label)).toEqual([]);
    const uploads = pairs.filter((_pair, index) => requests[index]?.wire.request === "multipart").map(label);
    expect(uploads.sort()).toEqual(["deepinfra", "together"].flatMap((id) => ["direct", "router"].map((way) => `${id} automatic-speech-recognition (${way})`)));
  });
});
