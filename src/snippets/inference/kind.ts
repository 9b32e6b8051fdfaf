import type { ModelRecord } from "../../model/record.js";
import { isInferenceKind, type InferenceKind } from "./tasks.js";

/**
 * Pipelines the Hub serves only as chat, whatever the model's tags say: a vision-language model answers chat
 * completions and nothing else.
 */
const chatOnlyPipelines: Readonly<Record<string, InferenceKind>> = { "image-text-to-text": "conversational-vision" };

/** The inference kind of a model: its pipeline task, or chat for conversational text models and chat-only pipelines. */
export function inferenceKindOf(model: ModelRecord): InferenceKind | undefined {
  if (model.pipeline_tag !== undefined && Object.hasOwn(chatOnlyPipelines, model.pipeline_tag)) return chatOnlyPipelines[model.pipeline_tag];
  if (model.pipeline_tag === "text-generation" && model.tags.includes("conversational")) return "conversational";
  return model.pipeline_tag !== undefined && isInferenceKind(model.pipeline_tag) ? model.pipeline_tag : undefined;
}
