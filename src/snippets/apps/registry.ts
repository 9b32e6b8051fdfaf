import { hermesAgent, openclaw, pi } from "./agent-apps.js";
import { atomicChat, backyard, diffusionbee, drawthings, jan, jellybox, joyfusion, lmstudio, msty, recursechat, unsloth } from "./deeplink-apps.js";
import { dockerModelRunner, lemonade, llamaCpp, localai, nodeLlamaCpp, ollama } from "./gguf-apps.js";
import { mlxLm, sglang, tgi, vllm } from "./server-apps.js";
import type { AppRecipe } from "./types.js";

/**
 * Every local app's recipe, by key (data/apps.json says which models each runs). The row is the registration:
 * the CLI, the library API, the browser and the tests read this table.
 */
export const appRecipes: Readonly<Record<string, AppRecipe>> = {
  "atomic-chat": atomicChat,
  backyard,
  diffusionbee,
  "docker-model-runner": dockerModelRunner,
  drawthings,
  "hermes-agent": hermesAgent,
  jan,
  jellybox,
  joyfusion,
  lemonade,
  "llama.cpp": llamaCpp,
  lmstudio,
  localai,
  "mlx-lm": mlxLm,
  msty,
  "node-llama-cpp": nodeLlamaCpp,
  ollama,
  openclaw,
  pi,
  recursechat,
  sglang,
  tgi,
  unsloth,
  vllm,
};
