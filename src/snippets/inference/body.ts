import { Code, type DataValue } from "../../values/data-value.js";
import { sampleFiles, type Example } from "./examples.js";
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
      return request.stream
        ? { model: request.chatModel, messages: example.messages, stream: true }
        : { model: request.chatModel, messages: example.messages };
    case "file":
      return null;
  }
}

/** The text fields of a form upload (`multipart` on the wire), in order: the provider's body, every value a string. */
export function formFields(request: InferenceRequest): [name: string, value: string][] {
  const body = requestBody(request, null);
  if (body === null || typeof body !== "object" || Array.isArray(body) || body instanceof Code) throw new Error(`${request.kind}: a form upload's body is not a set of fields`);
  return Object.entries(body).map(([name, value]) => {
    if (typeof value !== "string") throw new Error(`${request.kind}: form field ${name} is not text`);
    return [name, value];
  });
}

/** Where a snippet saves a binary response; a raw snippet's name for the media's usual content type (namedMediaOf). */
export const outputFiles = { image: "output.png", audio: "output.flac", video: "output.mp4" } as const;

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
 * The media a raw snippet saves under a name it takes from the answer (a binary answer, fal's queued media); undefined
 * when it saves none, or saves `rawOutputFileOf` (Novita's videos, whose answer links an MP4).
 */
/**
 * A writer of lines that depend only on the kind of media and whether the answer links it (the lines that save it),
 * which keeps each text it wrote: a handful of constant texts, written once per process instead of once per snippet.
 */
export function writtenPerMedia(write: (media: Media, linked: boolean) => string): (media: Media, linked: boolean) => string {
  const written = new Map<string, string>();
  return (media, linked) => {
    const key = linked ? `${media} linked` : media;
    let text = written.get(key);
    if (text === undefined) {
      text = write(media, linked);
      written.set(key, text);
    }
    return text;
  };
}

export function namedMediaOf(request: InferenceRequest): Media | undefined {
  const response = request.wire.response;
  return response === "json" || request.call?.poll ? undefined : response;
}

/** Whether the answer's media is only linked (fal's queue), so a URL may name its format when its content type does not. */
export function mediaLinked(request: InferenceRequest): boolean {
  return request.call?.queue !== undefined;
}
