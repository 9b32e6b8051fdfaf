import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { exampleImageUrl } from "../model/examples.js";
import { arg, assign, call, python } from "./python-code.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator, type LibrarySnippet } from "./types.js";
import { repoName } from "./record-fields.js";

/*
 * MLX models. A text-generation model runs with mlx-lm, from Python and from its `mlx_lm.generate` command; a
 * vision-language model (image-text-to-text) with mlx-vlm, whose load() reads the processor and the vision tower that
 * mlx-lm leaves out (mlx_vlm: load, apply_chat_template(processor, config, prompt, num_images), generate(model,
 * processor, prompt, image, verbose), and `python -m mlx_vlm.generate` with --model, --max-tokens, --prompt, --image);
 * any other MLX model (speech, image generation…) is downloaded with the Hugging Face CLI, `hf`, for the MLX package
 * of its kind to load from the folder.
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

const visionPrompt = "Describe this image.";

function mlxVlmPython(view: RecordView): string {
  return python`from mlx_vlm import apply_chat_template, generate, load

${call("model, processor = load(", [arg(view.id)])}

${assign("image =", [exampleImageUrl])}
${assign("question =", visionPrompt)}
prompt = apply_chat_template(processor, model.config, question, num_images=len(image))
output = generate(model, processor, prompt, image, max_tokens=256, verbose=True)`;
}

const mlxVlmShell = (view: RecordView) =>
  shell`python -m mlx_vlm.generate --model ${view.id} --max-tokens 256 --prompt ${visionPrompt} --image ${exampleImageUrl}`;

/** mlx-vlm's code installs mlx-vlm (which brings mlx and the Hub client), not the registry row's mlx-lm. */
const withMlxVlm = (snippet: LibrarySnippet): LibrarySnippet => ({ ...snippet, install: installCommand("pip", ["mlx-vlm"]) });

const download = (view: RecordView) => shell`hf download ${view.id} --local-dir ${repoName(view)}`;

export const mlx: LibraryGenerator = (view) => {
  if (isTextGeneration(view)) return [pythonSnippet(mlxLmPython(view)), shellSnippet(mlxLmShell(view))];
  if (view.record.pipeline_tag === "image-text-to-text") return [pythonSnippet(mlxVlmPython(view)), shellSnippet(mlxVlmShell(view))].map(withMlxVlm);
  return [shellSnippet(download(view))];
};
