import type { InferenceKind } from "../../src/snippets/inference/tasks.js";
import { inferenceTasks } from "../../src/snippets/inference/tasks.js";
import { binaryOutput, defaultResponder, type RecordedRequest, type RecorderResponse } from "./recorder.js";

/** The provider the fake Hub maps a model to: hf-inference where it serves the task, otherwise wavespeed. */
export function mappedProvider(kind: InferenceKind): string {
  return inferenceTasks[kind].onHfInference ? "hf-inference" : "wavespeed";
}

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
  "image-segmentation": [{ label: "cat", score: 0.9, mask: Buffer.from("mask").toString("base64") }],
  "image-to-text": { generated_text: "a cat" },
  "object-detection": [{ label: "cat", score: 0.9, box: { xmin: 1, ymin: 2, xmax: 3, ymax: 4 } }],
  "question-answering": { answer: "Salzburg", score: 0.9, start: 0, end: 8 },
  "sentence-similarity": [0.9, 0.1, 0.0],
  summarization: [{ summary_text: "short" }],
  "table-question-answering": { answer: "Hamburg", coordinates: [[1, 0]], cells: ["Hamburg"], aggregator: "NONE" },
  "tabular-classification": [1, 0],
  "tabular-regression": [1.5, 2.5],
  "text-generation": { choices: [{ text: "why the change was made." }] },
  "token-classification": [{ entity_group: "PER", score: 0.9, word: "Grace Hopper", start: 0, end: 12 }],
  translation: [{ translation_text: "translated" }],
};

/**
 * Answers SDK snippets as the Hub and router would, just enough for them to finish: the provider mapping
 * (requests the fetch preload sends to /__host/huggingface.co/...), chat completions, binary media and
 * task outputs.
 */
export function sdkResponder(kind: InferenceKind): (request: RecordedRequest) => RecorderResponse {
  return (request) => {
    const mapping = /^\/__host\/huggingface\.co\/api\/models\/([^?]+)/.exec(request.path);
    if (mapping) {
      const id = decodeURIComponent(mapping[1] ?? "");
      const task = kind.startsWith("conversational") ? "conversational" : kind;
      return json({ _id: "0", id, inferenceProviderMapping: { [mappedProvider(kind)]: { status: "live", providerId: id, task } } });
    }
    if (request.path.endsWith("/chat/completions")) return defaultResponder(request);
    // wavespeed, the provider of the tasks hf-inference lacks: submit, poll, then download the media.
    if (request.path.startsWith("/__host/router.huggingface.co/wavespeed/")) {
      return request.method === "POST"
        ? json({ data: { id: "job", urls: { get: "https://api.wavespeed.test/api/v3/predictions/job/result" } } })
        : json({ data: { status: "completed", outputs: ["https://media.wavespeed.test/output.bin"] } });
    }
    const response = inferenceTasks[kind].response;
    if (response !== "json") return { headers: { "content-type": `${response === "audio" ? "audio/flac" : response === "video" ? "video/mp4" : "image/png"}` }, body: binaryOutput };
    return json(cannedOutputs[kind] ?? scores);
  };
}
