import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { installOfLibrary } from "./library-installs.js";
import { openClipExtras } from "./open-clip-installs.js";
import { shell } from "./shell-code.js";
import { loadWith } from "./from-pretrained.js";
import { arg, call, kwarg, python } from "./python-code.js";
import { repoName, widgetText } from "./record-fields.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * Loaders of the Python model libraries that load a Hub model in one call: timm, OpenCLIP, spaCy and Keras
 * (sentence-transformers, KerasHub, scikit-learn and SpeechBrain have files of their own). Record values (the id, config values, a
 * widget text) reach the code only as Python literals or shell words; class names come from fixed tables.
 */

export const timm: LibraryGenerator = (view) => [
  pythonSnippet(python`import timm
import torch

${call("model = timm.create_model(", [arg(`hf-hub:${view.id}`), kwarg("pretrained", true)])}
model.eval()

data_config = timm.data.resolve_model_data_config(model)
with torch.no_grad():
    output = model(torch.randn(1, *data_config["input_size"]))
print(output.shape)`),
];

export const openClip: LibraryGenerator = (view) => {
  const hubId = `hf-hub:${view.id}`;
  const extras = openClipExtras(view);
  const install = extras.length > 0 ? installCommand("pip", [...(installOfLibrary("open_clip")?.pip ?? []), ...extras]) : undefined;
  const snippet = pythonSnippet(python`import open_clip
import torch

${call("model, _, preprocess = open_clip.create_model_and_transforms(", [arg(hubId)])}
${call("tokenizer = open_clip.get_tokenizer(", [arg(hubId)])}
model.eval()

text = tokenizer(["a photo of a cat", "a photo of a dog"])
with torch.no_grad():
    text_features = model.encode_text(text)
print(text_features.shape)`);
  return [install === undefined ? snippet : { ...snippet, install }];
};

/** The first widget text of the record, or an English sentence with a few entities. */
const spacyText = (view: RecordView): string => widgetText(view, "Apple is looking at buying a U.K. startup for $1 billion.");

/** spaCy pipelines on the Hub are pip wheels named after the repository: install, then load by that name. */
export const spacy: LibraryGenerator = (view) => {
  const name = repoName(view);
  const wheel = `https://huggingface.co/${view.id}/resolve/main/${name}-any-py3-none-any.whl`;
  return [
    shellSnippet(shell`pip install ${wheel}`),
    pythonSnippet(python`import spacy

${call("nlp = spacy.load(", [arg(name)])}
${call("doc = nlp(", [arg(spacyText(view))])}
for entity in doc.ents:
    print(entity.text, entity.label_)`),
  ];
};

/** Keras 3 reads a model saved to the Hub from its hf:// address. */
export const keras: LibraryGenerator = loadWith({
  module: "keras.saving",
  name: "load_model",
  source: (view) => `hf://${view.id}`,
  usage: () => "model.summary()",
});
