import type { RecordView } from "../model/view.js";
import type { Code } from "../values/data-value.js";
import { arg, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * mlx-image (mlxim) builds a model by its architecture name and fetches the weights of mlx-vision/<name>-mlxim;
 * weights published elsewhere are downloaded and passed as a file. The input size is the one in the name
 * (vit_base_patch16_384 → 384), 224 otherwise.
 */

/** The architecture: the repository's name without the "-mlxim" suffix of the mlx-vision community. */
const architectureOf = (view: RecordView): string => repoName(view).replace(/-mlxim$/, "");

function inputSize(architecture: string): number {
  const size = architecture.match(/_(\d{3})(?:\.|$)/)?.[1];
  return size === undefined ? 224 : Number(size);
}

/** Whether the model has a classification head (self-supervised DINO backbones return features). */
const classifies = (view: RecordView, architecture: string): boolean =>
  view.record.pipeline_tag === "image-classification" || (view.record.pipeline_tag !== "image-feature-extraction" && !architecture.includes("dino"));

export const mlxImage: LibraryGenerator = (view) => {
  const architecture = architectureOf(view);
  const ownHub = view.id.startsWith("mlx-vision/");
  const load = ownHub ? call("model = create_model(", [arg(architecture)]) : loadOutsideHub(view, architecture);
  return [
    pythonSnippet(python`import mlx.core as mx
${ref(ownHub ? "" : "from huggingface_hub import hf_hub_download\n")}from mlxim.io import read_rgb
from mlxim.model import create_model
from mlxim.transform import ImageNetTransform

${load}
model.eval()

transform = ImageNetTransform(train=False, img_size=${inputSize(architecture)})
image = mx.expand_dims(mx.array(transform(read_rgb(${"cat.jpg"}))), 0)
${ref(classifies(view, architecture) ? "logits = model(image)\nprint(mx.argmax(logits, axis=-1).item())" : "features = model(image)\nprint(features.shape)")}`),
  ];
};

/** Weights outside mlx-vision: the repository's model.safetensors, for the architecture it was saved from. */
function loadOutsideHub(view: RecordView, architecture: string): Code {
  return ref(python`${call("weights = hf_hub_download(", [kwarg("repo_id", view.id), kwarg("filename", "model.safetensors")])}
${comment("the mlx-image architecture these weights were saved from")}
${call("model = create_model(", [arg(architecture), kwarg("weights", ref("weights"))])}`);
}
