import type { ModelRecord } from "../../model/record.js";
import { loadWith } from "./from-pretrained.js";
import { sampling } from "./sampling.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Pruna saves a compressed ("smashed") model with its configuration; PrunaModel.from_pretrained restores it and
 * forwards calls to the wrapped diffusers pipeline or transformers model, so the example is that library's own.
 */

const load = (model: ModelRecord) => call("model = PrunaModel.from_pretrained(", [arg(model.id)]);

function textGeneration(model: ModelRecord): string {
  const generate = call("outputs = model.generate(", [
    arg(ref("**inputs")),
    kwarg("max_new_tokens", 64),
    kwarg("do_sample", true),
    kwarg("temperature", sampling.temperature),
    kwarg("top_p", sampling.topP),
  ]);
  return python`from pruna import PrunaModel
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(model.id)])}
${load(model)}
inputs = tokenizer(${"The best way to learn a language is"}, return_tensors=${"pt"})
${generate}
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`;
}

export const prunaAi: LibraryGenerator = (model) => {
  if (model.pipeline_tag === "text-to-image") {
    return loadWith({
      module: "pruna",
      name: "PrunaModel",
      method: "from_pretrained",
      usage: () => python`image = model(${"A cat wearing sunglasses on a sunny beach"}).images[0]
image.save(${"image.png"})`,
    })(model);
  }
  if (model.pipeline_tag === "text-generation") return [pythonSnippet(textGeneration(model))];
  return loadWith({
    module: "pruna",
    name: "PrunaModel",
    method: "from_pretrained",
    usage: () => "# call the model as its original library (diffusers or transformers) does\nprint(model)",
  })(model);
};
