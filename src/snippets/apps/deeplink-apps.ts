import { getApp } from "../../catalogue/apps.js";
import type { ModelRecord } from "../../model/record.js";
import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import { withoutQuant, withQuant, type AppContext, type AppRecipe } from "./types.js";

/*
 * Apps opened by a link: the snippet opens the app's URL for the model. The model id is encoded as the URL's
 * part needs it (each path segment, or a query value), so the link stays one valid URL whatever the id holds.
 */

/** The id as URL path segments ("owner/name" keeps its slash). */
const pathId = (model: ModelRecord) => model.id.split("/").map(encodeURIComponent).join("/");
/** Query parameters, encoded. */
const query = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();

function openLink(appKey: string, url: string): string {
  const app = getApp(appKey);
  const where = app?.macOSOnly ? " (macOS)" : "; on Linux use xdg-open, on Windows start";
  return shell`# Opens the model in ${code(app?.label ?? appKey)}${code(where)}
open ${url}`;
}

const linkApp = (appKey: string, url: (model: ModelRecord, context: AppContext) => string): AppRecipe =>
  withoutQuant((model, context) => [shellSnippet(openLink(appKey, url(model, context)))]);

/** LM Studio takes the GGUF file too, so the link opens the chosen quantization. */
export const lmstudio: AppRecipe = withQuant((model, { quant: { file } }) => [
  shellSnippet(openLink("lmstudio", `lmstudio://open_from_hf?${query(file ? { model: model.id, file } : { model: model.id })}`)),
]);

export const jan = linkApp("jan", (model) => `jan://models/huggingface/${pathId(model)}`);
export const atomicChat = linkApp("atomic-chat", (model) => `atomic-chat://models/huggingface/${pathId(model)}`);
export const backyard = linkApp("backyard", (model) => `https://backyard.ai/hf/model/${pathId(model)}`);
/** Jellybox opens a GGUF language model in its chat, and a diffusers image model (or its LoRA) in its image studio. */
export const jellybox = linkApp("jellybox", (model, { view }) => {
  if (view.formats.has("gguf")) return `jellybox://llm/models/huggingface/LLM/${pathId(model)}`;
  return `jellybox://image/models/huggingface/${model.tags.includes("lora") ? "ImageLora" : "Image"}/${pathId(model)}`;
});
export const msty = linkApp("msty", (model) => `msty://models/search/hf/${pathId(model)}`);
export const recursechat = linkApp("recursechat", (model) => `recursechat://new-hf-gguf-model?${query({ "hf-model-id": model.id })}`);
export const unsloth = linkApp("unsloth", (model) => `unsloth://open_from_hf?${query({ model: model.id })}`);
export const diffusionbee = linkApp("diffusionbee", (model) => `https://diffusionbee.com/huggingface_import?${query({ model_id: model.id })}`);
export const joyfusion = linkApp("joyfusion", (model) => `https://joyfusion.app/import_from_hf?${query({ repo_id: model.id })}`);

/** Draw Things imports a pipeline, or LoRA weights for a model tagged `lora`. */
export const drawthings = linkApp("drawthings", (model) => {
  const loader = model.tags.includes("lora") ? "pipeline.load_lora_weights" : "pipeline.from_pretrained";
  return `https://drawthings.ai/import/diffusers/${loader}?${query({ repo_id: model.id })}`;
});
