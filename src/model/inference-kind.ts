import { isServedAsChat } from "./chat-model.js";
import type { ProviderMappingEntry } from "./provider-mapping.js";
import type { ModelRecord } from "./record.js";
import { isInferenceKind, type InferenceKind } from "../catalogue/inference-kinds.js";

/**
 * Pipelines the Hub serves only as chat, whatever the model's tags say: a vision-language model answers chat
 * completions and nothing else.
 */
const chatOnlyPipelines: Readonly<Record<string, InferenceKind>> = { "image-text-to-text": "conversational-vision" };

/**
 * The inference kind of a model: its pipeline task, or chat for chat-only pipelines and for text models served as
 * chat (isServedAsChat; `live` is the record's live mapping entries when already read).
 */
export function inferenceKindOf(model: ModelRecord, live?: readonly ProviderMappingEntry[]): InferenceKind | undefined {
  const task = model.pipeline_tag;
  if (task === undefined) return undefined;
  if (Object.hasOwn(chatOnlyPipelines, task)) return chatOnlyPipelines[task];
  if (task === "text-generation") return isServedAsChat(model, live) ? "conversational" : "text-generation";
  return isInferenceKind(task) ? task : undefined;
}
