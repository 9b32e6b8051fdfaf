import { crc32, deflateSync } from "node:zlib";
import type { InferenceKind } from "../../src/catalogue/inference-kinds.js";
import { inferenceTasks } from "../../src/catalogue/inference-kinds.js";
import { taggingOf } from "./corpus.js";
import { binaryOutput, defaultResponder, type RecordedRequest, type RecorderResponse } from "./recorder.js";

/** The SDK a snippet runs on: the two read some answers in different shapes (see `sdkOutputs`). */
export type Sdk = "js" | "python";

/** The provider the fake Hub maps a model to: hf-inference where it serves the task, otherwise wavespeed. */
export function mappedProvider(kind: InferenceKind): string {
  return inferenceTasks[kind].onHfInference ? "hf-inference" : "wavespeed";
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real 2×1 RGB PNG (one red, one blue pixel): image answers must decode, since huggingface_hub opens them with PIL. */
export const pngOutput: Buffer = (() => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 255, 0, 0, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(row)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
})();

const json = (body: unknown): RecorderResponse => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

const scores = [{ label: "POSITIVE", score: 0.9 }];

/** A well-formed answer per task, so the SDKs' output checks pass and the snippet can print it. */
const cannedOutputs: Partial<Record<InferenceKind, unknown>> = {
  "audio-classification": scores,
  "image-classification": scores,
  "text-classification": [scores],
  "zero-shot-classification": [{ label: "refund", score: 0.9 }],
  "zero-shot-image-classification": scores,
  "audio-to-audio": [
    { label: "speech", content: Buffer.from("audio").toString("base64"), "content-type": "audio/flac", blob: Buffer.from("audio").toString("base64") },
  ],
  "automatic-speech-recognition": { text: "hello world" },
  "document-question-answering": [{ answer: "42", score: 0.9, start: 0, end: 1 }],
  "visual-question-answering": [{ answer: "two", score: 0.9 }],
  "feature-extraction": [0.1, 0.2, 0.3],
  "fill-mask": [{ score: 0.9, token: 1, token_str: "capital", sequence: "Paris is the capital of France." }],
  "image-segmentation": [{ label: "cat", score: 0.9, mask: pngOutput.toString("base64") }],
  "image-to-text": [{ generated_text: "a cat" }],
  "object-detection": [{ label: "cat", score: 0.9, box: { xmin: 1, ymin: 2, xmax: 3, ymax: 4 } }],
  "question-answering": { answer: "Salzburg", score: 0.9, start: 0, end: 8 },
  "sentence-similarity": [0.9, 0.1, 0.0],
  summarization: [{ summary_text: "short" }],
  "table-question-answering": { answer: "Hamburg", coordinates: [[1, 0]], cells: ["Hamburg"], aggregator: "NONE" },
  "tabular-classification": [1, 0],
  "tabular-regression": [1.5, 2.5],
  "text-generation": [{ generated_text: "why the change was made." }],
  "token-classification": [{ entity_group: "PER", score: 0.9, word: "Grace Hopper", start: 0, end: 12 }],
  translation: [{ translation_text: "translated" }],
};

/** Where the two SDKs read the same task's answer in different shapes, each gets the shape it reads. */
const sdkOutputs: Record<Sdk, Partial<Record<InferenceKind, unknown>>> = {
  // @huggingface/inference checks for one object; huggingface_hub parses a list.
  js: { "image-to-text": { generated_text: "a cat" } },
  python: {},
};

/** huggingface.js sends text generation to hf-inference's OpenAI-style completions route; huggingface_hub to the model route. */
const completion = { choices: [{ text: "why the change was made." }] };

function mediaAnswer(response: "image" | "audio" | "video"): RecorderResponse {
  if (response === "image") return { headers: { "content-type": "image/png" }, body: pngOutput };
  return { headers: { "content-type": response === "audio" ? "audio/flac" : "video/mp4" }, body: binaryOutput };
}

function firstLeaf(value: unknown): string | undefined {
  if (typeof value === "string" || typeof value === "number") return String(value);
  const items = Array.isArray(value) ? value : value !== null && typeof value === "object" ? Object.values(value) : [];
  for (const item of items) {
    const leaf = firstLeaf(item);
    if (leaf !== undefined) return leaf;
  }
  return undefined;
}

/** A value of the JSON answer that a snippet printing it must show: its first string (or number). */
export function answerMarker(kind: InferenceKind, sdk: Sdk): string {
  const output = kind in sdkOutputs[sdk] ? sdkOutputs[sdk][kind] : (cannedOutputs[kind] ?? scores);
  return firstLeaf(output) ?? "";
}

/** The bytes a snippet saves for a task whose answer is media. */
export function mediaOutputOf(kind: InferenceKind): Buffer {
  return inferenceTasks[kind].response === "image" ? pngOutput : binaryOutput;
}

/**
 * Answers SDK snippets as the Hub and router would, just enough for them to finish: the Hub's model API
 * (requests the redirects send to /__host/huggingface.co/...), chat completions, binary media and task outputs.
 */
export function sdkResponder(kind: InferenceKind, sdk: Sdk): (request: RecordedRequest) => RecorderResponse {
  return (request) => {
    // huggingface_hub asks the Hub which coding-agent harnesses to detect: an empty registry, none.
    if (request.path === "/__host/huggingface.co/api/agent-harnesses") return json({ standardEnvVars: [], harnesses: {} });
    const mapping = /^\/__host\/huggingface\.co\/api\/models\/([^?]+)/.exec(request.path);
    if (mapping) {
      const id = decodeURIComponent(mapping[1] ?? "");
      const task = kind.startsWith("conversational") ? "conversational" : kind;
      // The tagging too: huggingface_hub checks that the model's pipeline serves the task before calling hf-inference.
      return json({ _id: "0", id, ...taggingOf(kind), inferenceProviderMapping: { [mappedProvider(kind)]: { status: "live", providerId: id, task } } });
    }
    if (request.path.endsWith("/chat/completions")) return defaultResponder(request);
    if (request.path.endsWith("/v1/completions")) return json(completion);
    const response = inferenceTasks[kind].response;
    // wavespeed, the provider of the tasks hf-inference lacks: submit, poll, then download the media.
    if (request.path.startsWith("/__host/router.huggingface.co/wavespeed/")) {
      return request.method === "POST"
        ? json({ data: { id: "job", urls: { get: "https://api.wavespeed.test/api/v3/predictions/job/result" } } })
        : json({ data: { status: "completed", outputs: ["https://media.wavespeed.test/output.bin"] } });
    }
    if (response !== "json") return mediaAnswer(response);
    const output = kind in sdkOutputs[sdk] ? sdkOutputs[sdk][kind] : cannedOutputs[kind];
    return json(output ?? scores);
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Every other provider of the table, answering in its own wire format (provider-sdk*.test.ts)

/** The model id the fake Hub maps a model to for a provider: providers name models their own way. */
export function providerModelId(kind: InferenceKind, provider: string): string {
  // Novita's image-text-to-video body depends on the model: the SDKs know MiniMax's only (and refuse others).
  if (provider === "novita" && kind === "image-text-to-video") return "MiniMax-H3";
  // OpenAI's own ids have no organisation (its SDK route drops the Hub's `openai/`).
  return provider === "openai" ? `${kind}-model` : `prov-org/${kind}-served`;
}

/** Where a provider's answer links its media: the redirects send these downloads to the recorder too. */
const mediaUrl = (provider: string, kind: InferenceKind) => `https://cdn.${provider}.test/outputs/${kind}.${mediaExtension(kind)}`;

function mediaExtension(kind: InferenceKind): string {
  const response = inferenceTasks[kind].response;
  return response === "image" || kind === "image-segmentation" ? "png" : response === "video" ? "mp4" : "flac";
}

const embedding = [0.1, 0.2, 0.3];
const transcript = "hello world";
/** What providers' completions APIs write; chat-prompt providers (groq, novita) answer a chat completion. */
const completionText = "why the change was made.";
const layoutText = "# a cat";

/** A value the snippet printing a provider's JSON answer must show. */
export function providerAnswerMarker(kind: InferenceKind): string {
  if (kind === "automatic-speech-recognition") return transcript;
  if (kind === "feature-extraction") return "0.1";
  if (kind === "text-generation") return completionText;
  if (kind === "image-to-text") return layoutText;
  // The SDKs print the downloaded media inline, base64.
  if (kind === "audio-to-audio") return binaryOutput.toString("base64").slice(0, 40);
  if (kind === "image-segmentation") return pngOutput.toString("base64").slice(0, 40);
  return "";
}

/** fal's finished result per task (the same object its synchronous host answers at once). */
function falResult(kind: InferenceKind): unknown {
  const url = mediaUrl("fal-ai", kind);
  switch (kind) {
    case "automatic-speech-recognition":
      return { text: transcript, chunks: [] };
    case "image-segmentation":
      return { image: { url, content_type: "image/png" } };
    case "text-to-image":
    case "image-to-image":
    case "image-text-to-image":
      return { images: [{ url, content_type: "image/png", width: 2, height: 1 }], seed: 1 };
    case "text-to-video":
    case "image-to-video":
    case "image-text-to-video":
      return { video: { url, content_type: "video/mp4" } };
    default:
      return { audio: { url, content_type: "audio/flac" } };
  }
}

/** The same JSON as a chat completion (OpenAI's shape), for providers whose text generation goes through chat. */
function chatAnswer(text: string): RecorderResponse {
  return json({
    id: "chatcmpl-provider",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "served",
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
  });
}

/** The provider-relative path of a request: through the router `/<provider>/…`, directly the provider host's path. */
function providerPath(request: RecordedRequest, provider: string): { host: string; rest: string } {
  const match = /^\/__host\/([^/]+)(\/.*)?$/.exec(request.path);
  const host = match?.[1] ?? "";
  const rest = match?.[2] ?? "/";
  if (host === "router.huggingface.co" && rest.startsWith(`/${provider}/`)) return { host, rest: rest.slice(provider.length + 1) };
  return { host, rest };
}

/**
 * Answers SDK snippets for one provider × task as that provider's API would (through the router or directly):
 * the Hub's model API with that provider's mapping, then the provider's own request and answer shapes, including
 * job submission, status polling and media downloads.
 */
export function providerResponder(kind: InferenceKind, provider: string): (request: RecordedRequest) => RecorderResponse {
  const providerId = providerModelId(kind, provider);
  const task = kind.startsWith("conversational") ? "conversational" : kind;
  return (request) => {
    if (request.path === "/__host/huggingface.co/api/agent-harnesses") return json({ standardEnvVars: [], harnesses: {} });
    const hub = /^\/__host\/huggingface\.co\/api\/models\/([^?]+)/.exec(request.path);
    if (hub) {
      const id = decodeURIComponent(hub[1] ?? "");
      return json({ _id: "0", id, ...taggingOf(kind), inferenceProviderMapping: { [provider]: { status: "live", providerId, task } } });
    }
    const { host, rest } = providerPath(request, provider);
    const [pathname = "", query = ""] = rest.split("?", 2);
    // Media the answers link to.
    if (request.method === "GET" && host.startsWith("cdn.")) {
      const media = inferenceTasks[kind].response;
      return mediaAnswer(media !== "json" ? media : kind === "audio-to-audio" ? "audio" : "image");
    }
    if (request.method === "POST" && pathname.endsWith("/chat/completions")) {
      if (kind === "text-generation") return chatAnswer(completionText);
      return defaultResponder(request);
    }
    switch (provider) {
      case "fal-ai": {
        // The queue (the router's `?_subdomain=queue`, or queue.fal.run directly) answers a receipt, then status and result.
        const queued = query.includes("_subdomain=queue") || host === "queue.fal.run";
        const requestPath = /^(.*)\/requests\/([^/]+)(\/status)?$/.exec(pathname);
        if (request.method === "POST" && !requestPath) {
          if (!queued) return json(falResult(kind));
          const base = `https://queue.fal.run${pathname}/requests/req-1`;
          return json({
            request_id: "req-1",
            status: "IN_QUEUE",
            queue_position: 0,
            response_url: base,
            status_url: `${base}/status`,
            cancel_url: `${base}/cancel`,
          });
        }
        if (request.method === "GET" && requestPath) {
          if (requestPath[3])
            return json({ status: "COMPLETED", request_id: requestPath[2], response_url: `https://queue.fal.run${requestPath[1]}/requests/${requestPath[2]}` });
          return json(falResult(kind));
        }
        break;
      }
      case "replicate": {
        // A prediction created with `Prefer: wait` comes back finished, its output inline.
        const output = kind === "automatic-speech-recognition" ? { transcription: transcript, segments: [] } : mediaUrl(provider, kind);
        if (request.method === "POST" && /\/predictions$/.test(pathname)) {
          return {
            status: 201,
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              id: "pred-1",
              model: providerId,
              status: "succeeded",
              output,
              urls: { get: "https://api.replicate.com/v1/predictions/pred-1" },
            }),
          };
        }
        break;
      }
      case "wavespeed": {
        if (request.method === "POST")
          return json({ code: 200, data: { id: "job", status: "created", urls: { get: "https://api.wavespeed.ai/api/v3/predictions/job/result" } } });
        if (pathname.endsWith("/predictions/job/result"))
          return json({ code: 200, data: { id: "job", status: "completed", outputs: [mediaUrl(provider, kind)] } });
        break;
      }
      case "together": {
        if (pathname === "/v2/videos" && request.method === "POST") return json({ id: "video-1", object: "video", status: "queued" });
        if (pathname === "/v2/videos/video-1")
          return json({ id: "video-1", object: "video", status: "completed", outputs: { video_url: mediaUrl(provider, kind) } });
        break;
      }
      case "novita": {
        // Text-to-video: huggingface.js submits an async task and polls its result; huggingface_hub posts to the synchronous route.
        if (request.method === "POST" && pathname.startsWith("/v3/async/")) return json({ task_id: "task-1" });
        if (pathname === "/v3/async/task-result")
          return json({ task: { task_id: "task-1", status: "TASK_STATUS_SUCCEED" }, videos: [{ video_url: mediaUrl(provider, kind), video_type: "mp4" }] });
        if (request.method === "POST" && pathname.startsWith("/v3/hf/")) return json({ video: { video_url: mediaUrl(provider, kind) } });
        if (pathname.startsWith("/v3/minimax/v2/query/video_generation/"))
          return json({ task: { status: "succeeded", content: { url: mediaUrl(provider, kind) } } });
        if (request.method === "POST" && pathname.startsWith("/v3/minimax/")) return json({ task_id: "task-1" });
        break;
      }
      case "zai-org": {
        if (pathname === "/api/paas/v4/layout_parsing") return json({ id: "layout-1", model: providerId, md_results: layoutText });
        if (request.method === "POST" && pathname === "/api/paas/v4/async/images/generations")
          return json({ id: "img-1", model: providerId, task_status: "PROCESSING" });
        if (pathname === "/api/paas/v4/async-result/img-1")
          return json({ id: "img-1", task_status: "SUCCESS", image_result: [{ url: mediaUrl(provider, kind) }] });
        break;
      }
      default:
        break;
    }
    // The OpenAI-style routes of the rest (deepinfra, together, nscale, scaleway, featherless, ovhcloud).
    if (request.method === "POST") {
      if (pathname.endsWith("/completions"))
        return json({ id: "cmpl-1", object: "text_completion", model: providerId, choices: [{ index: 0, text: completionText, finish_reason: "stop" }] });
      if (pathname.endsWith("/embeddings")) return json({ object: "list", model: providerId, data: [{ object: "embedding", index: 0, embedding }] });
      if (pathname.endsWith("/images/generations")) return json({ created: 1_700_000_000, data: [{ b64_json: pngOutput.toString("base64") }] });
      if (pathname.endsWith("/audio/speech")) return { headers: { "content-type": "audio/flac" }, body: binaryOutput };
      if (pathname.endsWith("/audio/transcriptions")) return json({ text: transcript, segments: [] });
    }
    return {
      status: 404,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: `the fake ${provider} does not serve ${request.method} ${request.path}` }),
    };
  };
}

/**
 * The sample of a provider corpus an SDK runs: every provider × task it serves once (through the router where the
 * router serves the provider), plus one direct call per provider (its first task other than chat, where it has
 * one: chat goes directly through the OpenAI clients). OpenAI clients differ by provider only in their base URL
 * and model suffix: every provider directly, and the router's `:<provider>` suffix on two.
 * `directChat: false` leaves direct chat to the OpenAI client (the SDK's differs only by base URL and key).
 */
export function sdkSample<T extends { kind: InferenceKind; optionSet: string; snippet: { client: string } }>(
  entries: T[],
  options: { directChat?: boolean } = {},
): T[] {
  const keyOf = (entry: T) => {
    const [route = "", provider = ""] = entry.optionSet.split(":");
    return route === "direct" ? `${entry.snippet.client} ${provider} direct` : `${entry.snippet.client} ${provider} ${entry.kind}`;
  };
  const preferred = [...entries].sort((a, b) => Number(a.kind.startsWith("conversational")) - Number(b.kind.startsWith("conversational")));
  const chosen = new Map<string, T>();
  let openaiRouted = 0;
  for (const entry of preferred) {
    const key = keyOf(entry);
    if (chosen.has(key)) continue;
    // Without directChat (the slower Python runs), the SDK client's direct chat is left to the OpenAI client, but for OpenAI itself.
    if (
      options.directChat === false &&
      entry.snippet.client !== "openai" &&
      key.endsWith(" direct") &&
      entry.kind.startsWith("conversational") &&
      !key.includes(" openai ")
    )
      continue;
    if (entry.snippet.client === "openai" && entry.kind === "conversational" && entry.optionSet.startsWith("router:") && openaiRouted++ >= 2) continue;
    chosen.set(key, entry);
  }
  const kept = new Set(chosen.values());
  return entries.filter((entry) => kept.has(entry));
}
