import { appKeys } from "../catalogue/app-key-list.js";
import { anyQuantization, llamaServerLoader, type GgufLoader } from "../weights/gguf-loaders.js";
import { hermesAgent, openclaw, pi } from "./agent-apps.js";
import { atomicChat, backyard, diffusionbee, drawthings, jan, jellybox, joyfusion, lmstudio, msty, recursechat, unsloth } from "./deeplink-apps.js";
import { dockerModelRunner, lemonade, llamaCpp, localai, nodeLlamaCpp, ollama } from "./gguf-apps.js";
import { mlxLm, sglang, tgi, vllm } from "./server-apps.js";
import type { AppRecipe } from "./types.js";

/** An app of data/apps.json, by key (src/catalogue/app-key-list.ts, generated from it). */
export type AppKey = (typeof appKeys)[number];

/** A recipe, with what it loads of a GGUF repository where its commands name a quantization. */
const loading = (recipe: AppRecipe, gguf: GgufLoader): AppRecipe => ({ ...recipe, gguf });

/**
 * Every local app's recipe, by key: one row per app of data/apps.json (which says which models each runs), the
 * compiler refusing a missing or unknown key. The row is the registration: the CLI, the library API, the browser and
 * the tests read this table; its `gguf` rule says which quantizations the app takes.
 */
export const appRecipes: Readonly<Record<AppKey, AppRecipe>> = {
  "atomic-chat": atomicChat,
  backyard,
  diffusionbee,
  "docker-model-runner": loading(dockerModelRunner, {
    split: "parts",
    mmproj: "not-verified",
    why: "Docker Model Runner pulls and runs GGUF shards (docker/model-runner#133)",
  }),
  drawthings,
  "hermes-agent": loading(hermesAgent, llamaServerLoader),
  jan,
  jellybox,
  joyfusion,
  lemonade: loading(lemonade, {
    split: "parts",
    mmproj: "not-verified",
    why: "lemonade pull <id>:<quant> takes the quantization's files, as before this table",
  }),
  "llama.cpp": loading(llamaCpp, llamaServerLoader),
  lmstudio: loading(lmstudio, {
    split: "parts",
    mmproj: "not-verified",
    why: "LM Studio loads split files; its link names a file only for a single-file quantization",
  }),
  localai: loading(localai, {
    split: "parts",
    mmproj: "not-verified",
    why: "LocalAI is given the first part, as before this table (not verified here that it fetches the others)",
  }),
  "mlx-lm": mlxLm,
  msty,
  "node-llama-cpp": loading(nodeLlamaCpp, {
    split: "parts",
    mmproj: "not-verified",
    why: "node-llama-cpp given the hf: URI of the first part downloads the others",
  }),
  ollama: loading(ollama, {
    split: "single-file",
    mmproj: "not-verified",
    why: 'the Hub refuses a split tag to Ollama ("The specified tag is a sharded GGUF. Ollama does not support this yet", ollama/ollama#5245)',
  }),
  openclaw: loading(openclaw, llamaServerLoader),
  pi: loading(pi, llamaServerLoader),
  recursechat,
  sglang,
  tgi,
  unsloth: loading(unsloth, {
    split: "parts",
    mmproj: "not-verified",
    why: "Unsloth Desktop's link is LM Studio's shape: it names a file only for a single-file quantization",
  }),
  vllm: loading(vllm, { split: "merge", mmproj: "not-verified", why: "vLLM loads one GGUF file: the snippet merges the parts with llama-gguf-split first" }),
};

/** The recipe of an app key (a key from a user or a record: undefined for one data/apps.json does not hold). */
export function appRecipeOf(appKey: string): AppRecipe | undefined {
  return Object.hasOwn(appRecipes, appKey) ? appRecipes[appKey as AppKey] : undefined;
}

/** What an app loads of a GGUF repository: its row's rule, else (an app that names no quantization) every one. */
export function ggufLoaderOf(appKey: string): GgufLoader {
  return appRecipeOf(appKey)?.gguf ?? anyQuantization;
}
