import type { RecordView } from "../../model/view.js";
import { arg, assign, call, python } from "./python-code.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";
import { repoName } from "./record-fields.js";

/*
 * MLX models. A text-generation model runs with mlx-lm, from Python and from its `mlx_lm.generate` command;
 * any other MLX model (speech, vision, image generation…) is downloaded with the Hugging Face CLI, `hf`, for
 * the MLX package of its kind to load from the folder.
 */

const chatPrompt = "Write a haiku about the sea.";

const isTextGeneration = (view: RecordView) => view.record.pipeline_tag === "text-generation";

/** The folder the model is downloaded to: the repository's name, without its owner. */

function mlxLmPython(view: RecordView): string {
  return python`from mlx_lm import generate, load

${call("model, tokenizer = load(", [arg(view.id)])}

${assign("prompt =", chatPrompt)}
if tokenizer.has_chat_template:
    messages = [{"role": "user", "content": prompt}]
    prompt = tokenizer.apply_chat_template(messages, add_generation_prompt=True)

text = generate(model, tokenizer, prompt=prompt, max_tokens=256, verbose=True)`;
}

const mlxLmShell = (view: RecordView) => shell`mlx_lm.generate --model ${view.id} --prompt ${chatPrompt} --max-tokens 256`;

const download = (view: RecordView) => shell`hf download ${view.id} --local-dir ${repoName(view)}`;

export const mlx: LibraryGenerator = (view) =>
  isTextGeneration(view) ? [pythonSnippet(mlxLmPython(view)), shellSnippet(mlxLmShell(view))] : [shellSnippet(download(view))];
