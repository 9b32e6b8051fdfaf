import type { ModelFormat } from "../catalogue/schema.js";
import { chatTemplateOf } from "./chat-template.js";
import type { ModelRecord } from "./record.js";

/*
 * The kinds of model a record is, as local apps tell them apart (data/apps.json names, per app, the formats it runs;
 * see ModelFormatSchema): facts of the record, which the record's view reads once (RecordView.formats).
 */

const llmPipelines: ReadonlySet<string> = new Set(["text-generation", "image-text-to-text"]);
const quantMethods: ReadonlySet<string> = new Set(["awq", "gptq", "aqlm", "marlin"]);

const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const inner = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : undefined;
};

/** Weights quantized by a method vLLM and SGLang load (the config's quantization_config). */
function isQuantizedForServing(model: ModelRecord): boolean {
  const method = objectAt(model.config, "quantization_config")?.["quant_method"];
  return typeof method === "string" && quantMethods.has(method);
}

/**
 * A repository of GGUF files of a language model: the Hub reads each GGUF header into the record's `gguf`
 * section, whose `context_length` only a language model has (a diffusion or speech GGUF has none). A record with
 * GGUF files but no section at all (a trimmed or list record) does not say: its files are taken as a language
 * model's, which is what GGUF repositories mostly hold.
 */
export function isGgufLanguageModel(model: ModelRecord, ggufRepository: boolean): boolean {
  if (!ggufRepository) return false;
  const section: unknown = model["gguf"];
  if (section === undefined) return true;
  const length = objectAt(model, "gguf")?.["context_length"];
  return typeof length === "number" && length > 0;
}

/**
 * What a GGUF language model is run for, by its task: embeddings or reranking, which llama.cpp's server serves in
 * modes of their own (`--embeddings`, `--reranking`: tools/server/README.md), or generation (chat or completion).
 */
export type GgufUse = "generation" | "embedding" | "reranking";

export function ggufUseOf(task: string | undefined): GgufUse {
  if (task === "feature-extraction" || task === "sentence-similarity") return "embedding";
  return task === "text-ranking" ? "reranking" : "generation";
}

/** The formats of a GGUF language model, one per use: an app lists those it runs (`gguf` alone: generation). */
const ggufFormatOf: Readonly<Record<GgufUse, ModelFormat>> = { generation: "gguf", embedding: "gguf-embedding", reranking: "gguf-reranking" };

/** Whether the record is a GGUF language model, whatever it is run for. */
export const isGgufModelIn = (formats: ReadonlySet<ModelFormat>): boolean => Object.values(ggufFormatOf).some((format) => formats.has(format));

/** Tasks of models that embed, score or classify text: Text Embeddings Inference serves them, TGI generates text. */
const embeddingTasks: ReadonlySet<string> = new Set(["feature-extraction", "sentence-similarity", "text-ranking", "text-classification"]);

/** The kinds of model this record is, as local apps tell them apart (see ModelFormatSchema), with whether it is a GGUF repository already read. */
export function formatsOf(model: ModelRecord, ggufRepository: boolean): Set<ModelFormat> {
  const formats = new Set<ModelFormat>();
  const tags = new Set(model.tags);
  const task = model.pipeline_tag;
  const llmTask = task !== undefined && llmPipelines.has(task);
  const gguf = isGgufLanguageModel(model, ggufRepository);
  const takesTools = tags.has("conversational") && (chatTemplateOf(model)?.includes("tools") ?? false);
  const use = ggufUseOf(task);
  if (gguf) formats.add(ggufFormatOf[use]);
  if (gguf && takesTools && use === "generation") formats.add("gguf-tools");
  if (tags.has("mlx") || model.library_name === "mlx") formats.add("mlx");
  if (formats.has("mlx") && task === "text-generation") formats.add("mlx-text-generation");
  if (formats.has("mlx") && takesTools) formats.add("mlx-tools");
  // A GGUF-only repository whose card names transformers has no transformers weights to serve.
  const weights = (isQuantizedForServing(model) || tags.has("transformers")) && !ggufRepository;
  if (weights && llmTask) formats.add("transformers-llm");
  if ((weights || gguf) && llmTask) formats.add("llm-serving");
  // The Hub tags every architecture TGI can load, embedding models included (e5-mistral's MistralModel): TEI serves those.
  if (tags.has("text-generation-inference") && !(task !== undefined && embeddingTasks.has(task))) formats.add("tgi");
  const diffusers = model.library_name === "diffusers";
  if (diffusers && task === "text-to-image") formats.add("diffusers-text-to-image");
  if (diffusers && (task === "text-to-image" || tags.has("lora"))) formats.add("diffusers-image");
  if (formats.has("diffusers-image") && tags.has("safetensors")) formats.add("diffusers-image-safetensors");
  if (tags.has("coreml") && tags.has("joyfusion") && task === "text-to-image") formats.add("coreml-joyfusion");
  if (tags.has("unsloth")) formats.add("unsloth");
  if (tags.has("onnx")) formats.add("onnx");
  return formats;
}
