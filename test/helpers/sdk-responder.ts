import { crc32, deflateSync } from "node:zlib";
import type { InferenceKind } from "../../src/snippets/inference/tasks.js";
import { inferenceTasks } from "../../src/snippets/inference/tasks.js";
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
  "audio-to-audio": [{ label: "speech", content: Buffer.from("audio").toString("base64"), "content-type": "audio/flac", blob: Buffer.from("audio").toString("base64") }],
  "automatic-speech-recognition": { text: "hello world" },
  "document-question-answering": [{ answer: "42", score: 0.9, start: 0, end: 1 }],
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
