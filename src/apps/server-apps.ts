import type { ModelRecord } from "../model/record.js";
import { quantizedFrom } from "../model/base-model.js";
import { mergedName, splitPartsGlob } from "../model/gguf.js";
import { code, shell } from "../libraries/shell-code.js";
import { shellSnippet } from "../libraries/types.js";
import { question, thenCall } from "./local-server.js";
import { quantNotes } from "./quant-notes.js";
import { installCommand } from "../code/install.js";
import { installing, withQuant, withoutQuant, type AppRecipe } from "./types.js";

/*
 * Apps that serve a model behind an OpenAI-compatible API on localhost: the command that starts the server, and a
 * curl call to it (the body is JSON, passed as one single-quoted shell word).
 */

/**
 * The options vLLM serves a GGUF file with: the tokenizer of the model the repository quantizes, which vLLM's GGUF
 * docs recommend over converting the file's own. Its name is the Hub's `base_model:quantized:` tag, which says what
 * the file was quantized from; that this model's tokenizer matches the file's is the docs' advice, not checked here.
 */
const ggufServeOptions = (model: ModelRecord): string => {
  const base = quantizedFrom(model);
  return base === undefined ? "" : shell` --tokenizer ${base}`;
};

/**
 * vLLM serves a Hub model by id, or a GGUF repository's one file once downloaded: vLLM 0.24 moved its GGUF support
 * out of the tree into the vllm-gguf-plugin package, which the install line adds for a GGUF file.
 */
export const vllm: AppRecipe = withQuant((view, quant) => {
  const { id } = view;
  const gguf = view.gguf.repository ? quant : undefined;
  const firstPart = gguf && !gguf.file && gguf.parts > 1 ? gguf.firstFile : undefined;
  if (gguf && !gguf.file && !firstPart)
    return [shellSnippet("# vLLM loads one GGUF file; this repository lists none it can load alone (see https://docs.vllm.ai)")];
  const options = gguf ? ggufServeOptions(view.record) : "";
  const serve = gguf?.file
    ? shell`${code(quantNotes(gguf, "file"))}# vLLM loads one GGUF file: download the ${code(gguf.chosen ?? "")} one, then serve it
hf download ${id} ${gguf.file} --local-dir .
vllm serve ${`./${gguf.file}`} --served-model-name ${id}${code(options)}`
    : gguf && firstPart
      ? shell`${code(quantNotes(gguf, "file"))}# vLLM loads one GGUF file: download the ${code(String(gguf.parts))} parts of ${code(gguf.chosen ?? "the quantization")}, merge them with
# llama.cpp's llama-gguf-split (brew install llama.cpp), then serve the merged file
hf download ${id} --include ${splitPartsGlob(firstPart)} --local-dir .
llama-gguf-split --merge ${firstPart} ${mergedName(firstPart)}
vllm serve ${`./${mergedName(firstPart)}`} --served-model-name ${id}${code(options)}`
      : shell`vllm serve ${id}`;
  const install = installCommand("pip", gguf ? ["vllm", "vllm-gguf-plugin"] : ["vllm"]);
  return [installing(install, shellSnippet(serve)), shellSnippet(thenCall(id, 8000))];
});

export const sglang: AppRecipe = withoutQuant(({ id }) => [
  installing(installCommand("pip", ["sglang[all]"]), shellSnippet(shell`python3 -m sglang.launch_server --model-path ${id} --port 30000`)),
  shellSnippet(thenCall(id, 30000)),
]);

export const tgi: AppRecipe = withoutQuant(({ id }) => [
  shellSnippet(shell`# Text Generation Inference in Docker, with a GPU; the model is cached in ./data
docker run --gpus all --shm-size 1g -p 8080:80 -v "$PWD/data:/data" \\
  -e HF_TOKEN ghcr.io/huggingface/text-generation-inference:latest \\
  --model-id ${id}`),
  shellSnippet(thenCall(id, 8080)),
]);

export const mlxLm: AppRecipe = withoutQuant(({ id }) => [
  installing(
    installCommand("pip", ["mlx-lm"]),
    shellSnippet(shell`# MLX runs on Apple silicon
mlx_lm.generate --model ${id} --prompt ${question}`),
  ),
  shellSnippet(shell`# Or serve it with an OpenAI-compatible API on http://localhost:8080
mlx_lm.server --model ${id}`),
]);
