import { InferenceClient } from "@huggingface/inference";
import { afterAll, beforeAll } from "vitest";
import { listProviders, type Provider } from "../../src/catalogue/providers.js";
import { requestBody } from "../../src/inference/body.js";
import { sampleFiles } from "../../src/model/examples.js";
import type { InferenceRequest } from "../../src/inference/request.js";
import { inferenceKinds, type InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { startRecorder, type RecordedRequest, type Recorder } from "./recorder.js";
import { sampleFiles as sampleBytes } from "./run-snippet.js";

/*
 * The two sides of the wire differential (provider-differential*.test.ts): the request the real @huggingface/inference
 * sends, in process, its fetch sent to a local recorder and its Hub model API answered with a given mapping; and the
 * request our raw HTTP snippets (curl, requests, fetch share one request description) send for the same call.
 */

export const providerKey = "provider_test_key";
export const hfToken = "hf_test_token";

/** One provider on one task it serves, through the router or directly. */
export interface Pair {
  provider: Provider;
  kind: InferenceKind;
  direct: boolean;
}

/** Every provider of the table (hf-inference aside) × every task it serves, both ways (OpenAI takes no Hub token). */
export function providerPairs(): Pair[] {
  return listProviders()
    .filter((provider) => provider.id !== "hf-inference")
    .flatMap((provider) =>
      provider.tasks
        .filter((task) => task === "conversational" || (inferenceKinds as readonly string[]).includes(task))
        .flatMap((task) => [false, true].map((direct) => ({ provider, kind: task as InferenceKind, direct }))),
    )
    .filter((pair) => pair.direct || pair.provider.routerAllowed !== false);
}

export const pairLabel = (pair: Pair) => `${pair.provider.id} ${pair.kind} (${pair.direct ? "direct" : "router"})`;

/**
 * The provider's own id of the pair's model. OpenAI's own ids have no organisation: its SDK route drops the Hub's
 * `openai/`, and the mapping says the same. Novita's image-text-to-video route is MiniMax's video API, for the one
 * model the SDK knows there (it refuses others).
 */
export function providerModelId(pair: Pair): string {
  if (pair.provider.id === "openai") return `${pair.kind}-model`;
  return pair.provider.id === "novita" && pair.kind === "image-text-to-video" ? "MiniMax-H3" : `prov-org/${pair.kind}-served`;
}

/** The SDK call of the same example our request sends (fal is given WAV audio: the SDK refuses FLAC blobs for it). */
export function sdkArguments(request: InferenceRequest, pair: Pair): Record<string, unknown> {
  const example = request.example;
  if (example.shape === "chat") return { messages: example.messages };
  const file = request.spec.file;
  const fileType = file === "audio" && pair.provider.id === "fal-ai" ? "audio/wav" : file ? sampleFiles[file].contentType : "";
  const blob = file ? new Blob([new Uint8Array(sampleBytes[sampleFiles[file].name] as Buffer)], { type: fileType }) : undefined;
  if (example.shape === "text") return { inputs: example.text };
  if (example.shape === "file-prompt") return { inputs: blob, parameters: { prompt: example.prompt } };
  return { inputs: blob };
}

/**
 * Where the two SDKs differ on these variants, which one we follow, and why (huggingface_hub 2.0 against
 * @huggingface/inference 4.13; provider-differential-python.test.ts holds a sample to these).
 */
export const sdksDiffer: Record<string, string> = {
  "replicate image-to-image lora":
    "@huggingface/inference sends `input.lora_weights` (the adapter's Hub URL), huggingface_hub drops the adapter: we follow the JS SDK, since without it Replicate runs the base model and the user silently gets its image (and offer no huggingface_hub snippet there)",
  "wavespeed lora":
    "@huggingface/inference sends `loras: [{path: <Hub id>, scale: 1}]`, huggingface_hub drops the adapter: we follow the JS SDK, for the same reason (and offer no huggingface_hub snippet there)",
  "fal-ai image-text-to-image/image-text-to-video lora":
    "huggingface_hub has no fal helper for these tasks; we send the adapter as @huggingface/inference does",
  "adapter kind":
    'huggingface_hub sends the weights of any `adapterWeightsPath`, @huggingface/inference only for `adapter: "lora"`: we follow the JS SDK, LoRA being the one adapter whose request shape both define',
  "fal-ai text-to-image route":
    "huggingface_hub posts to fal's synchronous host, the JS SDK (and we) to the queue: the body, loras and model_name included, is the same",
};

let recorder: Recorder | undefined;
let currentMapping: unknown = {};

/**
 * Before the file's tests: a recorder, and a fetch that answers the Hub's model API with the current mapping and
 * sends every other request to the recorder (`/__host/<host><path>`). Restored after.
 */
export function sdkFetchRedirect(): void {
  const realFetch = globalThis.fetch;
  beforeAll(async () => {
    const started = await startRecorder();
    recorder = started;
    globalThis.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.hostname === "huggingface.co") {
        return new Response(JSON.stringify({ _id: "0", id: "x", inferenceProviderMapping: currentMapping }), {
          headers: { "content-type": "application/json" },
        });
      }
      const redirected = `${started.origin}/__host/${url.host}${url.pathname}${url.search}`;
      return realFetch(input instanceof Request ? new Request(redirected, input) : redirected, init);
    };
  });
  afterAll(async () => {
    globalThis.fetch = realFetch;
    await recorder?.close();
  });
}

/**
 * The SDK's one inference request for a pair and a Hub model whose mapping is `mapping`, as the recorder saw it.
 * The SDK caches each model's mapping: every call must name a model id of its own.
 */
export async function sdkRequest(
  pair: Pair,
  request: InferenceRequest,
  model: { id: string; mapping: unknown },
  options: { billTo?: string } = {},
): Promise<RecordedRequest | undefined> {
  if (!recorder) throw new Error("sdkFetchRedirect() was not called in this file");
  recorder.reset();
  currentMapping = model.mapping;
  const client = new InferenceClient(pair.direct ? providerKey : hfToken) as unknown as Record<string, (args: unknown, options?: unknown) => Promise<unknown>>;
  const method = request.spec.jsMethod as string;
  try {
    await client[method]?.({ model: model.id, provider: pair.provider.id, ...sdkArguments(request, pair) }, options);
  } catch {
    // The recorder's answer is not the provider's: the SDK may reject it after the request went out.
  }
  return recorder.requests.find((item) => item.method === "POST");
}

/** Where our request goes (as the recorder sees a redirected URL) and the JSON it sends, the sample file in it. */
export function ourSide(request: InferenceRequest): { target: string; body: unknown } {
  const url = new URL(request.url as string);
  const file = request.spec.file ? (sampleBytes[sampleFiles[request.spec.file].name] as Buffer).toString("base64") : "";
  return { target: `/__host/${url.host}${url.pathname}${url.search}`, body: requestBody(request, file) };
}

export type Shape = string | Shape[] | { [key: string]: Shape };

/** A JSON value's shape: the keys of every object and the type of every leaf. */
export function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shapeOf(item)]),
    );
  return value === null ? "null" : typeof value;
}
