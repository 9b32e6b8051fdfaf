import type { ProviderBodyShape } from "../catalogue/providers.js";
import type { DataValue } from "../values/data-value.js";
import type { Example } from "../model/examples.js";
import type { MappedAdapter, ProviderCall } from "./provider-call.js";
import type { InferenceKind } from "../catalogue/inference-kinds.js";

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

/** The provider's name for the model, and what the mapping adds to it: an adapter, a pinned version. */
export type BodyCall = Pick<ProviderCall, "modelId" | "adapter" | "version">;

const hub = "https://huggingface.co";

/** A LoRA adapter with its weights file: the only adapter fal and Replicate are given (as the SDKs give them). */
const loraWeights = (adapter: MappedAdapter | undefined) =>
  adapter?.kind === "lora" && adapter.weightsPath ? { ...adapter, weightsPath: adapter.weightsPath } : undefined;

/** fal's image and video tasks that take LoRA weights (`loras`), as both SDKs send them. */
const falLoraKinds: ReadonlySet<InferenceKind> = new Set([
  "text-to-image",
  "image-to-image",
  "image-text-to-image",
  "text-to-video",
  "image-to-video",
  "image-text-to-video",
]);

/**
 * fal's `fal-ai/lora` app runs LoRAs on a Stable Diffusion base it must be told (its `flux-lora` apps know theirs):
 * both SDKs name SDXL's.
 */
const falLoraApp = { id: "fal-ai/lora", baseModel: "stabilityai/stable-diffusion-xl-base-1.0" };

/** fal's body with the mapping's LoRA, when the task takes one: its weights by URL, at full scale. */
function withFalLora(body: Record<string, DataValue>, kind: InferenceKind, call: BodyCall): DataValue {
  const lora = loraWeights(call.adapter);
  if (!lora || !falLoraKinds.has(kind)) return body;
  const loras = [{ path: `${hub}/${lora.repo}/resolve/main/${lora.weightsPath}`, scale: 1 }];
  return kind === "text-to-image" && call.modelId === falLoraApp.id ? { ...body, loras, model_name: falLoraApp.baseModel } : { ...body, loras };
}

/** fal's field names: a prompt (or text to speak), and the file as a URL (a `data:` URL here). */
function falBody(kind: InferenceKind, example: Example, file: FilePlaces): Record<string, DataValue> {
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

/** Replicate's inputs of a task; image models differ in the field they read. */
function replicateInput(kind: InferenceKind, example: Example, file: FilePlaces): Record<string, DataValue> {
  const text = textOf(example);
  if (kind === "text-to-speech") return { text };
  if (kind === "automatic-speech-recognition") return { audio: file.dataUrl };
  if (example.shape === "file-prompt")
    return { prompt: text, image: file.dataUrl, images: [file.dataUrl], input_image: file.dataUrl, input_images: [file.dataUrl] };
  return { prompt: text };
}

/**
 * Replicate's predictions take the model's inputs under `input`; an image model's LoRA as `lora_weights` (the
 * adapter's Hub repository, as @huggingface/inference sends it); a pinned version (`owner/name:<version>`) as
 * `version`, beside the input.
 */
function replicateBody(kind: InferenceKind, example: Example, file: FilePlaces, call: BodyCall): DataValue {
  const input = replicateInput(kind, example, file);
  const lora = loraWeights(call.adapter);
  if (lora && (kind === "text-to-image" || kind === "image-to-image")) input["lora_weights"] = `${hub}/${lora.repo}`;
  return call.version === undefined ? { input } : { input, version: call.version };
}

/** WaveSpeed's body; a LoRA adapter goes by its Hub repository, as @huggingface/inference sends it. */
function wavespeedBody(example: Example, file: FilePlaces, call: BodyCall): DataValue {
  const text = textOf(example);
  const body: Record<string, DataValue> = example.shape === "file-prompt" ? { image: file.base64, images: [file.base64], prompt: text } : { prompt: text };
  return call.adapter?.kind === "lora" ? { ...body, loras: [{ path: call.adapter.repo, scale: 1 }] } : body;
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
export function providerBody(shape: ProviderBodyShape, kind: InferenceKind, example: Example, call: BodyCall, file: FilePlaces): DataValue {
  const text = textOf(example);
  const model = call.modelId;
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
      return withFalLora(falBody(kind, example, file), kind, call);
    case "replicate":
      return replicateBody(kind, example, file, call);
    case "wavespeed":
      return wavespeedBody(example, file, call);
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
