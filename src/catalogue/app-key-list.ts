// Generated from the rows of data/apps.json by `node scripts/registry-lists.mjs`: do not edit.

/** The keys of the local apps of data/apps.json, in its order: the registry of recipes is typed by them. */
export const appKeys = [
  "llama.cpp",
  "node-llama-cpp",
  "vllm",
  "sglang",
  "mlx-lm",
  "tgi",
  "lmstudio",
  "localai",
  "jan",
  "atomic-chat",
  "backyard",
  "jellybox",
  "msty",
  "recursechat",
  "drawthings",
  "diffusionbee",
  "joyfusion",
  "ollama",
  "unsloth",
  "docker-model-runner",
  "lemonade",
  "pi",
  "hermes-agent",
  "openclaw",
] as const;
