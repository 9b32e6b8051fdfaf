import { dockerModelRunner, llamaCpp, ollama } from "./gguf-apps.js";
import { lmstudio, mlxLm, sglang, tgi, vllm } from "./server-apps.js";
import type { AppGenerator } from "./types.js";

/**
 * The local apps with a recipe, by key (data/apps.json says which models each runs). The row is the
 * registration: the CLI, the library API and the tests read this table.
 */
export const appGenerators: Readonly<Record<string, AppGenerator>> = {
  "docker-model-runner": dockerModelRunner,
  "llama.cpp": llamaCpp,
  lmstudio,
  "mlx-lm": mlxLm,
  ollama,
  sglang,
  tgi,
  vllm,
};
