import type { ModelRecord } from "../../model/record.js";
import { shellSnippet } from "../libraries/types.js";
import { code, shell } from "../libraries/shell-code.js";
import { chooseGgufQuant } from "../gguf-choice.js";
import type { AppGenerator } from "./types.js";

/*
 * Apps that run a GGUF repository by `<id>:<quant>`: the quant comes from the record's file names (Q4_K_M when
 * present, else the nearest smaller one), and the others are listed in a comment.
 */

/** `<id>:<quant>`, or the bare id when no file name carries a quantization label. */
function tagged(model: ModelRecord): string {
  const { chosen } = chooseGgufQuant(model);
  return chosen ? `${model.id}:${chosen}` : model.id;
}

/** A comment listing the other quantizations, or nothing when there are none. */
function otherQuants(model: ModelRecord): string {
  const { others } = chooseGgufQuant(model);
  return others.length > 0 ? `# Other quantizations in this repository: ${others.join(", ")}\n` : "";
}

export const llamaCpp: AppGenerator = (model) => [
  shellSnippet(shell`# Install llama.cpp: brew install llama.cpp (or a release from https://github.com/ggml-org/llama.cpp)
${code(otherQuants(model))}# Serve the model with an OpenAI-compatible API on http://localhost:8080
llama-server -hf ${tagged(model)}`),
  shellSnippet(shell`# Or chat with it in the terminal
llama-cli -hf ${tagged(model)}`),
];

export const ollama: AppGenerator = (model) => [
  shellSnippet(shell`${code(otherQuants(model))}ollama run ${`hf.co/${tagged(model)}`}`),
];

export const dockerModelRunner: AppGenerator = (model) => [
  shellSnippet(shell`${code(otherQuants(model))}docker model run ${`hf.co/${tagged(model)}`}`),
];
