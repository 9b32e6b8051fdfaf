// Medical imaging: chest X-ray, CT and dermatology encoders and segmenters.
import { loadWith } from "./from-pretrained.js";
import { call, comment, kwarg, python } from "./python-code.js";
import { pickFile } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/** COLIPRI builds its CT model from the package and reads the weights file of the repository. */
export const colipri: LibraryGenerator = (view) => [
  pythonSnippet(python`from colipri import (
    ZeroShotImageClassificationPipeline,
    get_model,
    get_processor,
    load_sample_ct,
)
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", pickFile(view, ".safetensors", ["model.safetensors"], "path") ?? "model.safetensors")])}
model = get_model(checkpoint_path=path).cuda()
pipeline = ZeroShotImageClassificationPipeline(model, get_processor())

image = load_sample_ct()
print(pipeline(image, ${["No lung nodules", "Lung nodules"]}))`),
];

/**
 * CXR Foundation ships TensorFlow SavedModels. ELIXR-C (elixr-c-v2-pooled) takes the X-ray as a serialized
 * tf.train.Example holding a grayscale PNG ("image/encoded", "image/format") through its serving_default signature
 * (input_example) and returns the image embedding as feature_maps_0, as the model card's notebook does; its
 * png_to_tfexample shifts an 8-bit image so that its darkest pixel is 0.
 */
export const cxrFoundation: LibraryGenerator = (view) => [
  pythonSnippet(python`import io

import tensorflow as tf
from huggingface_hub import snapshot_download
from PIL import Image

${call("path = snapshot_download(", [kwarg("repo_id", view.id), kwarg("allow_patterns", ["elixr-c-v2-pooled/*"])])}
elixr_c = tf.saved_model.load(f"{path}/elixr-c-v2-pooled").signatures[${"serving_default"}]

${comment("the X-ray as a grayscale PNG whose darkest pixel is 0, in a tf.train.Example")}
gray = Image.open(${"chest_xray.png"}).convert(${"L"})
low, _ = gray.getextrema()
png = io.BytesIO()
gray.point(lambda value: value - low).save(png, format=${"PNG"})
example = tf.train.Example()
example.features.feature[${"image/encoded"}].bytes_list.value.append(png.getvalue())
example.features.feature[${"image/format"}].bytes_list.value.append(b"png")
output = elixr_c(input_example=tf.constant([example.SerializeToString()]))
print(output[${"feature_maps_0"}].shape)  ${comment("the ELIXR-C image embedding")}`),
];

/** Derm Foundation takes an RGB PNG in a tf.train.Example ("image/encoded"), as its model card encodes it. */
export const dermFoundation: LibraryGenerator = (view) => [
  pythonSnippet(python`import io

import tensorflow as tf
from huggingface_hub import snapshot_download
from PIL import Image

${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
infer = tf.saved_model.load(path).signatures[${"serving_default"}]

${comment("the skin image as an RGB PNG in a tf.train.Example")}
png = io.BytesIO()
Image.open(${"skin.jpg"}).convert(${"RGB"}).save(png, format=${"PNG"})
feature = tf.train.Feature(bytes_list=tf.train.BytesList(value=[png.getvalue()]))
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
