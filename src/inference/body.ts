import { Code, type DataValue } from "../values/data-value.js";
import { sampleFiles, type Example } from "../model/examples.js";
import { providerBody } from "./provider-body.js";
import type { InferenceRequest } from "./request.js";

/**
 * The JSON a raw HTTP client sends: the provider's own body where it has a route, else `inputs` and
 * `parameters`, or a chat request. `file` stands where a base64-encoded local file goes and `dataUrl` where a
 * `data:` URL of it goes (each language supplies the code that makes them); given the base64 text itself,
 * the data URL is made from it.
 */
export function requestBody(request: InferenceRequest, file: DataValue, dataUrl?: DataValue): DataValue {
  const route = request.call?.route;
  if (route && request.call && request.example.shape !== "chat") {
    const contentType = request.spec.file ? sampleFiles[request.spec.file].contentType : "application/octet-stream";
    const url = dataUrl ?? (typeof file === "string" ? `data:${contentType};base64,${file}` : file);
    return providerBody(route.body, request.kind, request.example, request.call, { base64: file, dataUrl: url });
  }
  return taskBody(request, file);
}

/** The task's own body, `inputs` and `parameters` (or a chat request), as hf-inference and the SDKs take it. */
export function taskBody(request: InferenceRequest, file: DataValue): DataValue {
  const example: Example = request.example;
  switch (example.shape) {
    case "text":
      return { inputs: example.text };
    case "question":
      return { inputs: { question: example.question, context: example.context } };
    case "labels":
      return { inputs: example.text, parameters: { candidate_labels: example.candidateLabels } };
    case "sentences":
      return { inputs: { source_sentence: example.sourceSentence, sentences: example.sentences } };
    case "table":
      return { inputs: { query: example.query, table: example.table } };
    case "tabular":
      return { inputs: { data: example.data } };
    case "file-question":
      return { inputs: { image: file, question: example.question } };
    case "file-labels":
      return { inputs: file, parameters: { candidate_labels: example.candidateLabels } };
    case "file-prompt":
      return { inputs: file, parameters: { prompt: example.prompt } };
    case "chat":
      if (request.responseFormat !== undefined)
        return { model: request.chatModel, messages: example.messages, response_format: request.responseFormat as unknown as DataValue };
      if (request.tools !== undefined) return { model: request.chatModel, messages: example.messages, tools: request.tools };
      return request.stream ? { model: request.chatModel, messages: example.messages, stream: true } : { model: request.chatModel, messages: example.messages };
    case "file":
      return null;
  }
}

/** The text fields of a form upload (`multipart` on the wire), in order: the provider's body, every value a string. */
export function formFields(request: InferenceRequest): [name: string, value: string][] {
  const body = requestBody(request, null);
  if (body === null || typeof body !== "object" || Array.isArray(body) || body instanceof Code)
    throw new Error(`${request.kind}: a form upload's body is not a set of fields`);
  return Object.entries(body).map(([name, value]) => {
    if (typeof value !== "string") throw new Error(`${request.kind}: form field ${name} is not text`);
    return [name, value];
  });
}

/** Where a snippet saves a binary response; a raw snippet's name for the media's usual content type (namedMediaOf). */
const outputFiles = { image: "output.png", audio: "output.flac", video: "output.mp4" } as const;

/** The file an SDK snippet saves the task's media answer in. */
export function outputFileOf(request: InferenceRequest): string | undefined {
  const response = request.spec.response;
  return response === "json" ? undefined : outputFiles[response];
}

/**
 * The file of a raw HTTP snippet's media answer: the name it saves under where the name is fixed (Novita's videos),
 * and otherwise the name it gives the media in its usual content type (see namedMediaOf); none for a JSON answer.
 */
export function rawOutputFileOf(request: InferenceRequest): string | undefined {
  const response = request.wire.response;
  return response === "json" ? undefined : outputFiles[response];
}

/** What a saved file holds: the kinds of media a snippet saves. */
export type Media = keyof typeof outputFiles;

/**
 * The formats an answer's media may come in, by content type, for each kind of media. A snippet that cannot know
 * the format beforehand (fal's queue: each model writes its own) names the file it saves from the answer's content
 * type, else from the URL's extension when it is one of the kind's, else `unknownExtension`.
 */
export const mediaExtensions: Readonly<Record<Media, Readonly<Record<string, string>>>> = {
  image: {
    "image/png": "png",
    "image/jpeg": "jpg",
    "image/jpg": "jpg",
    "image/webp": "webp",
    "image/gif": "gif",
  },
  audio: {
    "audio/mpeg": "mp3",
    "audio/mp3": "mp3",
    "audio/wav": "wav",
    "audio/x-wav": "wav",
    "audio/wave": "wav",
    "audio/flac": "flac",
    "audio/x-flac": "flac",
    "audio/ogg": "ogg",
    "audio/opus": "opus",
    "audio/webm": "webm",
    "audio/aac": "aac",
    "audio/mp4": "m4a",
  },
  video: {
    "video/mp4": "mp4",
    "video/webm": "webm",
    "video/quicktime": "mov",
  },
};

export const unknownExtension = "bin";

/**
 * How a raw snippet names the media it saves: from the answer's content type (a binary answer); from it, else from
 * the extension of the URL that links the media (fal's queue); or from the media's first bytes, when the answer is
 * JSON that holds the image as base64 text (OpenAI's images shape), whose content type says nothing of the image.
 */
type MediaNaming = "content-type" | "content-type-or-url" | "leading-bytes";

/** The first bytes that tell an image's format: each part a byte offset and the bytes there, in hex. */
export interface ImageSignature {
  extension: string;
  parts: readonly (readonly [offset: number, hex: string])[];
}

/** The image formats a `leading-bytes` snippet tells apart; anything else is saved as unknownExtension. */
export const imageSignatures: readonly ImageSignature[] = [
  { extension: "png", parts: [[0, "89504e470d0a1a0a"]] },
  { extension: "jpg", parts: [[0, "ffd8ff"]] },
  { extension: "gif", parts: [[0, "47494638"]] },
  // RIFF, a 4-byte size, then WEBP.
  {
    extension: "webp",
    parts: [
      [0, "52494646"],
      [8, "57454250"],
    ],
  },
];

/** A signature as one pattern over the hex of the leading bytes, `anyDigit` standing for each digit between its parts. */
export function signaturePattern({ parts }: ImageSignature, anyDigit: string): string {
  let pattern = "";
  for (const [offset, hex] of parts) pattern += anyDigit.repeat(offset * 2 - pattern.length) + hex;
  return pattern;
}

/** How many leading bytes imageSignatures reads. */
export const signatureLength = Math.max(...imageSignatures.flatMap((signature) => signature.parts.map(([offset, hex]) => offset + hex.length / 2)));

/** What a language's save lines depend on: the media, how it is named, and where a JSON answer holds it. */
export interface MediaSaving {
  media: Media;
  naming: MediaNaming;
  /** The keys and indexes of the base64 text in the JSON answer (`leading-bytes` only); [] otherwise. */
  encodedAt: readonly (string | number)[];
}

/**
 * The template values of a raw snippet that saves the answer's media under a name it takes from the answer: the
 * lines that save it (`save_media`) and whether they decode a JSON answer (`media_encoded`); none when the snippet
 * saves no media, or saves it under a fixed name (Novita's videos, whose answer links an MP4: rawOutputFileOf).
 * The lines depend only on MediaSaving, so each language's writer runs once per kind of saving in a process, not
 * once per snippet.
 */
export function mediaSaver(write: (saving: MediaSaving) => string): (request: InferenceRequest) => { save_media?: string; media_encoded?: boolean } {
  const written = new Map<string, string>();
  return (request) => {
    const saving = mediaSavingOf(request);
    if (!saving) return {};
    const key = `${saving.media} ${saving.naming} ${saving.encodedAt.join("/")}`;
    let text = written.get(key);
    if (text === undefined) {
      text = write(saving);
      written.set(key, text);
    }
    return { save_media: text, media_encoded: saving.naming === "leading-bytes" };
  };
}

function mediaSavingOf(request: InferenceRequest): MediaSaving | undefined {
  const media = request.wire.response;
  const call = request.call;
  if (media === "json" || call?.poll) return undefined;
  if (call?.encodedMediaAt) return { media, naming: "leading-bytes", encodedAt: call.encodedMediaAt };
  return { media, naming: call?.queue ? "content-type-or-url" : "content-type", encodedAt: [] };
}
