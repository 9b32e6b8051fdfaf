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

/** Whether the app runs a model of these formats. */
export function appRunsFormats(app: LocalApp, formats: ReadonlySet<ModelFormat>): boolean {
  return app.appliesTo.some((format) => formats.has(format));
}

/** Each model format in words, as a user knows the models (several formats are one kind of model to a user). */
const formatWords: Readonly<Record<ModelFormat, string>> = {
  gguf: "GGUF",
  "gguf-embedding": "GGUF",
  "gguf-reranking": "GGUF",
  "gguf-tools": "GGUF",
  unsloth: "GGUF",
  mlx: "MLX",
  "mlx-text-generation": "MLX",
  "mlx-tools": "MLX",
  "transformers-llm": "transformers LLM",
  "llm-serving": "transformers LLM",
  tgi: "transformers LLM",
  onnx: "ONNX",
  "diffusers-text-to-image": "diffusion",
  "diffusers-image": "diffusion",
  "diffusers-image-safetensors": "diffusion",
  "coreml-joyfusion": "diffusion",
};

/** The kinds of model the catalogue's apps run, in words ("GGUF, MLX, transformers LLM and diffusion models"). */
export function modelsAppsRun(): string {
  const words = [
    ...new Set(
      Object.entries(formatWords).flatMap(([format, word]) => (listApps().some((app) => app.appliesTo.includes(format as ModelFormat)) ? [word] : [])),
    ),
  ];
  return `${words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "no")} models`;
}
