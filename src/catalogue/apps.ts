import type { ModelRecord } from "../model/record.js";
import { ggufTakesTools, isGgufRepository } from "../model/gguf.js";
import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { LocalApp, ModelFormat } from "./schema.js";

let apps: readonly LocalApp[] | undefined;

/** Every local app of the catalogue, in its order. */
export function listApps(): readonly LocalApp[] {
  apps ??= readPackagedJson<LocalApp[]>(`${dataDir}apps.json`);
  return apps;
}

export function getApp(key: string): LocalApp | undefined {
  return listApps().find((app) => app.key === key);
}

/** The kinds of model this record is, as local apps tell them apart. */
export function modelFormats(model: ModelRecord): Set<ModelFormat> {
  const formats = new Set<ModelFormat>();
  const tags = new Set(model.tags);
  if (isGgufRepository(model)) formats.add("gguf");
  if (formats.has("gguf") && ggufTakesTools(model)) formats.add("gguf-tools");
  if (tags.has("mlx") || model.library_name === "mlx") formats.add("mlx");
  if (model.library_name === "transformers" && (model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text")) formats.add("transformers-llm");
  if (model.library_name === "diffusers" || tags.has("diffusers")) formats.add("diffusers");
  if (tags.has("coreml") && tags.has("joyfusion") && model.pipeline_tag === "text-to-image") formats.add("coreml-joyfusion");
  if (tags.has("onnx")) formats.add("onnx");
  return formats;
}

/** Whether the app runs a model of these formats. */
export function appRunsFormats(app: LocalApp, formats: ReadonlySet<ModelFormat>): boolean {
  return app.appliesTo.some((format) => formats.has(format));
}

/** Whether the app runs this model. */
export function appRunsModel(app: LocalApp, model: ModelRecord): boolean {
  return appRunsFormats(app, modelFormats(model));
}

/** The apps that run this model. */
export function appsForModel(model: ModelRecord): LocalApp[] {
  const formats = modelFormats(model);
  return listApps().filter((app) => appRunsFormats(app, formats));
}
