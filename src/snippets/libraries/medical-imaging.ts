// Medical imaging: chest X-ray, CT and dermatology encoders and segmenters.
import { loadWith } from "./from-pretrained.js";
import { call, comment, kwarg, python } from "./python-code.js";
import { pickFile } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/** COLIPRI builds its CT model from the package and reads the weights file of the repository. */
export const colipri: LibraryGenerator = (model) => [
  pythonSnippet(python`from colipri import (
    ZeroShotImageClassificationPipeline,
    get_model,
    get_processor,
    load_sample_ct,
)
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", model.id), kwarg("filename", pickFile(model, ".safetensors", ["model.safetensors"], "path") ?? "model.safetensors")])}
model = get_model(checkpoint_path=path).cuda()
pipeline = ZeroShotImageClassificationPipeline(model, get_processor())

image = load_sample_ct()
print(pipeline(image, ${["No lung nodules", "Lung nodules"]}))`),
];

/** CXR Foundation ships TensorFlow SavedModels; an image enters as a serialized tf.train.Example. */
export const cxrFoundation: LibraryGenerator = (model) => [
  pythonSnippet(python`import tensorflow as tf
from huggingface_hub import snapshot_download

${call("path = snapshot_download(", [kwarg("repo_id", model.id), kwarg("allow_patterns", ["elixr-c-v2-pooled/*", "pax-elixr-b-text/*"])])}
elixr_c = tf.saved_model.load(f"{path}/elixr-c-v2-pooled")

${comment("inputs: a PNG as a serialized tf.train.Example, built as the notebooks of")}
${comment("https://github.com/google-health/cxr-foundation show")}
print(elixr_c.signatures[${"serving_default"}].structured_input_signature)`),
];

export const dermFoundation: LibraryGenerator = (model) => [
  pythonSnippet(python`import tensorflow as tf
from huggingface_hub import snapshot_download

${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
infer = tf.saved_model.load(path).signatures[${"serving_default"}]

image = tf.io.read_file(${"skin.png"}).numpy()
feature = tf.train.Feature(bytes_list=tf.train.BytesList(value=[image]))
features = tf.train.Features(feature={${"image/encoded"}: feature})
example = tf.train.Example(features=features).SerializeToString()
output = infer(inputs=tf.constant([example]))
print(output[${"embedding"}].shape)`),
];

export const flexray: LibraryGenerator = loadWith({
  module: "fxr.inference",
  name: "FleXraySegmenter",
  method: "from_pretrained",
  variable: "segmenter",
  usage: () => python`prediction = segmenter.predict(${"chest_xray.png"})
print(segmenter.label_names)
print(prediction.masks.shape)`,
});
