import { getApp } from "../catalogue/apps.js";
import type { RecordView } from "../model/view.js";
import type { GgufChoice } from "../weights/gguf-choice.js";
import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import { withoutQuant, withQuant, type AppRecipe } from "./types.js";

/*
 * Apps opened by a link: the snippet opens the app's URL for the model. The model id is encoded as the URL's
 * part needs it (each path segment, or a query value), so the link stays one valid URL whatever the id holds.
 */

/** The id as URL path segments ("owner/name" keeps its slash). */
const pathId = (id: string) => id.split("/").map(encodeURIComponent).join("/");
/** Query parameters, encoded. */
const query = (parameters: Record<string, string>) => new URLSearchParams(parameters).toString();

function openLink(appKey: string, url: string): string {
  const app = getApp(appKey);
  const where = app?.macOSOnly ? " (macOS)" : "; on Linux use xdg-open, on Windows start";
  return shell`# Opens the model in ${code(app?.label ?? appKey)}${code(where)}
open ${url}`;
}

const linkApp = (appKey: string, url: (view: RecordView, quant: GgufChoice) => string): AppRecipe =>
  withoutQuant((view, quant) => [shellSnippet(openLink(appKey, url(view, quant)))]);

/** A link to `<scheme>://open_from_hf` that takes the GGUF file too, so that it opens the chosen quantization. */
const openFromHf = (appKey: string, scheme: string): AppRecipe =>
  withQuant(({ id }, { file }) => [shellSnippet(openLink(appKey, `${scheme}://open_from_hf?${query(file ? { model: id, file } : { model: id })}`))]);

export const lmstudio = openFromHf("lmstudio", "lmstudio");
/** Unsloth Desktop's link takes the file as LM Studio's does (@huggingface/tasks 0.21.54's deep link passes it). */
export const unsloth = openFromHf("unsloth", "unsloth");

export const jan = linkApp("jan", ({ id }) => `jan://models/huggingface/${pathId(id)}`);
export const atomicChat = linkApp("atomic-chat", ({ id }) => `atomic-chat://models/huggingface/${pathId(id)}`);
export const backyard = linkApp("backyard", ({ id }) => `https://backyard.ai/hf/model/${pathId(id)}`);
/** Jellybox opens a GGUF language model in its chat, and a diffusers image model (or its LoRA) in its image studio. */
export const jellybox = linkApp("jellybox", (view) => {
  if (view.formats.has("gguf")) return `jellybox://llm/models/huggingface/LLM/${pathId(view.id)}`;
  return `jellybox://image/models/huggingface/${view.record.tags.includes("lora") ? "ImageLora" : "Image"}/${pathId(view.id)}`;
});
export const msty = linkApp("msty", ({ id }) => `msty://models/search/hf/${pathId(id)}`);
export const recursechat = linkApp("recursechat", ({ id }) => `recursechat://new-hf-gguf-model?${query({ "hf-model-id": id })}`);
export const diffusionbee = linkApp("diffusionbee", ({ id }) => `https://diffusionbee.com/huggingface_import?${query({ model_id: id })}`);
export const joyfusion = linkApp("joyfusion", ({ id }) => `https://joyfusion.app/import_from_hf?${query({ repo_id: id })}`);

/** Draw Things imports a pipeline, or LoRA weights for a model tagged `lora`. */
export const drawthings = linkApp("drawthings", (view) => {
  const loader = view.record.tags.includes("lora") ? "pipeline.load_lora_weights" : "pipeline.from_pretrained";
  return `https://drawthings.ai/import/diffusers/${loader}?${query({ repo_id: view.id })}`;
});
