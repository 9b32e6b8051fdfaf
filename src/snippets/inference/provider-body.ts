import type { ProviderBodyShape } from "../../catalogue/providers.js";
import type { DataValue } from "../../values/data-value.js";
import type { Example } from "./examples.js";
import type { InferenceKind } from "./tasks.js";

/** Where the local file goes in a provider's body: its base64 text, or a `data:` URL of it. */
export interface FilePlaces {
  base64: DataValue;
  dataUrl: DataValue;
}

function textOf(example: Example): string {
  if (example.shape === "text") return example.text;
  if (example.shape === "file-prompt") return example.prompt;
  return "";
}

/** The part of a form upload (a `transcription` route, OpenAI's style) that carries the local file. */
export const uploadField = "file";

/** fal's field names: a prompt (or text to speak), and the file as a URL (a `data:` URL here). */
function falBody(kind: InferenceKind, example: Example, file: FilePlaces): DataValue {
  const text = textOf(example);
  switch (kind) {
    case "text-to-speech":
      return { text };
    case "automatic-speech-recognition":
    case "audio-to-audio":
      return { audio_url: file.dataUrl };
    case "image-segmentation":
      return { image_url: file.dataUrl, sync_mode: true };
    case "image-to-image":
    case "image-text-to-image":
      return { prompt: text, image_url: file.dataUrl, image_urls: [file.dataUrl] };
    case "image-to-video":
    case "image-text-to-video":
      return { image_url: file.dataUrl, prompt: text };
    default:
      return { prompt: text };
  }
}

/** Replicate's predictions take the model's inputs under `input`; image models differ in the field they read. */
function replicateBody(kind: InferenceKind, example: Example, file: FilePlaces): DataValue {
  const text = textOf(example);
  if (kind === "text-to-speech") return { input: { text } };
  if (kind === "automatic-speech-recognition") return { input: { audio: file.dataUrl } };
  if (example.shape === "file-prompt") {
    return { input: { prompt: text, image: file.dataUrl, images: [file.dataUrl], input_image: file.dataUrl, input_images: [file.dataUrl] } };
  }
  return { input: { prompt: text } };
}

/**
 * MiniMax's video generation on Novita: the prompt and the first frame as content items, with the defaults the SDK
 * sends when no size or frame count is given (768P, 4 seconds, the image's own aspect ratio).
 */
function minimaxBody(model: string, text: string, file: FilePlaces): DataValue {
  return {
    model,
    content: [
      { type: "text", text },
      { type: "image_url", image_url: { url: file.dataUrl }, role: "first_frame" },
    ],
    resolution: "768P",
    duration: 4,
    ratio: "adaptive",
  };
}

/**
 * The body a provider's own API takes for a task, in the shape its row of data/providers.json names. For a form
 * upload (`transcription`), the form's text fields: the file travels as a part of its own (`uploadField`).
 */
export function providerBody(shape: ProviderBodyShape, kind: InferenceKind, example: Example, model: string, file: FilePlaces): DataValue {
  const text = textOf(example);
  switch (shape) {
    case "completions":
      return { model, prompt: text };
    case "chat-prompt":
      return { model, messages: [{ role: "user", content: text }] };
    case "embeddings":
    case "speech":
      return { model, input: text };
    case "images":
      return { model, prompt: text, response_format: "b64_json" };
    case "together-images":
      return example.shape === "file-prompt"
        ? { model, prompt: text, reference_images: [file.dataUrl], response_format: "base64" }
        : { model, prompt: text, response_format: "base64" };
    case "together-video":
      return example.shape === "file-prompt" ? { model, prompt: text, frame_images: [{ input_image: file.dataUrl, frame: "first" }] } : { model, prompt: text };
    case "fal":
      return falBody(kind, example, file);
    case "replicate":
      return replicateBody(kind, example, file);
    case "wavespeed":
      return example.shape === "file-prompt" ? { image: file.base64, images: [file.base64], prompt: text } : { prompt: text };
    case "prompt":
      return { prompt: text };
    case "prompt-model":
      return { model, prompt: text };
    case "zai-layout":
      return { model, file: file.dataUrl };
    case "novita-minimax":
      return minimaxBody(model, text, file);
    case "transcription":
      return { model };
  }
}
