import type { RecordView } from "../model/view.js";
import { loadWith } from "./from-pretrained.js";
import { sampling } from "./sampling.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Pruna saves a compressed ("smashed") model with its configuration; PrunaModel.from_pretrained restores it and
 * forwards calls to the wrapped diffusers pipeline or transformers model, so the example is that library's own.
 */

const load = (view: RecordView) => call("model = PrunaModel.from_pretrained(", [arg(view.id)]);

function textGeneration(view: RecordView): string {
  const generate = call("outputs = model.generate(", [
    arg(ref("**inputs")),
    kwarg("max_new_tokens", 64),
    kwarg("do_sample", true),
    kwarg("temperature", sampling.temperature),
    kwarg("top_p", sampling.topP),
  ]);
  return python`from pruna import PrunaModel
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(view.id)])}
${load(view)}
inputs = tokenizer(${"The best way to learn a language is"}, return_tensors=${"pt"})
${generate}
print(tokenizer.decode(outputs[0], skip_special_tokens=True))`;
}

export const prunaAi: LibraryGenerator = (view) => {
  if (view.record.pipeline_tag === "text-to-image") {
    return loadWith({
      module: "pruna",
      name: "PrunaModel",
      method: "from_pretrained",
      usage: () => python`image = model(${"A cat wearing sunglasses on a sunny beach"}).images[0]
image.save(${"image.png"})`,
    })(view);
  }
  if (view.record.pipeline_tag === "text-generation") return [pythonSnippet(textGeneration(view))];
  return loadWith({
    module: "pruna",
    name: "PrunaModel",
    method: "from_pretrained",
    usage: () => "# call the model as its original library (diffusers or transformers) does\nprint(model)",
  })(view);
};
