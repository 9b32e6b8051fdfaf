import type { ModelRecord } from "../../model/record.js";
import { jsonText } from "../literals/shell.js";
import { modelFormats } from "../../catalogue/apps.js";
import { code, shell } from "../libraries/shell-code.js";
import { chooseGgufQuant } from "../gguf-choice.js";
import { shellSnippet } from "../libraries/types.js";
import type { AppGenerator } from "./types.js";

/*
 * Apps that serve a model behind an OpenAI-compatible API on localhost: the command that starts the server, and a
 * curl call to it (the body is JSON, passed as one single-quoted shell word).
 */

const question = "What is the capital of France?";

function chatCall(model: ModelRecord, port: number): string {
  const body = jsonText({ model: model.id, messages: [{ role: "user", content: question }] });
  return shell`curl ${`http://localhost:${port}/v1/chat/completions`} \\
  -H 'Content-Type: application/json' \\
  -d ${body}`;
}

/** vLLM serves a Hub model by id, or a GGUF repository's one file once downloaded. */
export const vllm: AppGenerator = (model) => {
  const gguf = modelFormats(model).has("gguf") ? chooseGgufQuant(model) : undefined;
  if (gguf && !gguf.file) return [shellSnippet("# vLLM loads one GGUF file; this repository lists none it can load alone (see https://docs.vllm.ai)")];
  const serve = gguf?.file
    ? shell`# Install vLLM: pip install vllm
# vLLM loads one GGUF file: download the ${code(gguf.chosen ?? "")} one, then serve it
hf download ${model.id} ${gguf.file} --local-dir .
vllm serve ${`./${gguf.file}`} --served-model-name ${model.id}`
    : shell`# Install vLLM: pip install vllm
vllm serve ${model.id}`;
  return [shellSnippet(serve), shellSnippet(`# Then, from another terminal\n${chatCall(model, 8000)}`)];
};

export const sglang: AppGenerator = (model) => [
  shellSnippet(shell`# Install SGLang: pip install "sglang[all]"
python3 -m sglang.launch_server --model-path ${model.id} --port 30000`),
  shellSnippet(`# Then, from another terminal\n${chatCall(model, 30000)}`),
];

export const tgi: AppGenerator = (model) => [
  shellSnippet(shell`# Text Generation Inference in Docker, with a GPU; the model is cached in ./data
docker run --gpus all --shm-size 1g -p 8080:80 -v "$PWD/data:/data" \\
  -e HF_TOKEN ghcr.io/huggingface/text-generation-inference:latest \\
  --model-id ${model.id}`),
  shellSnippet(`# Then, from another terminal\n${chatCall(model, 8080)}`),
];

export const mlxLm: AppGenerator = (model) => [
  shellSnippet(shell`# Install MLX LM (Apple silicon): pip install mlx-lm
mlx_lm.generate --model ${model.id} --prompt ${question}`),
  shellSnippet(shell`# Or serve it with an OpenAI-compatible API on http://localhost:8080
mlx_lm.server --model ${model.id}`),
];

/** LM Studio opens a Hub model from a link; `code` keeps the URL's own characters, the id is encoded. */
export const lmstudio: AppGenerator = (model) => [
  shellSnippet(shell`# Opens the model in LM Studio (https://lmstudio.ai)
open ${`lmstudio://open_from_hf?model=${encodeURIComponent(model.id)}`}`),
];

