import type { DataValue } from "../literals/value.js";
import type { Example } from "./examples.js";
import type { InferenceRequest } from "./request.js";

/**
 * The JSON a raw HTTP client sends (`inputs` and `parameters`, or a chat request). `file` stands where a
 * base64-encoded local file goes; each language supplies the code that reads it.
 */
export function requestBody(request: InferenceRequest, file: DataValue): DataValue {
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

/** Where a snippet saves a binary response. */
export const outputFiles = { image: "output.png", audio: "output.flac", video: "output.mp4" } as const;

export function outputFileOf(request: InferenceRequest): string | undefined {
  const response = request.spec.response;
  return response === "json" ? undefined : outputFiles[response];
}
