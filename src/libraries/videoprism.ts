import { downloadOnly } from "./download-only.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * VideoPrism (JAX/Flax) loads a model by its configuration name; each Hub repository is one configuration.
 * Video encoders embed a clip; video-text encoders embed a clip and texts in one space. Another repository
 * is downloaded, with a pointer to the project.
 */

interface VideoPrismModel {
  /** The configuration name videoprism's get_model and load_pretrained_weights take. */
  name: string;
  /** The number of frames the model was trained on. */
  frames: number;
  /** Whether the model also encodes text. */
  text: boolean;
}

const videoPrismModels: Readonly<Record<string, VideoPrismModel>> = {
  "google/videoprism-base-f16r288": { name: "videoprism_public_v1_base", frames: 16, text: false },
  "google/videoprism-large-f8r288": { name: "videoprism_public_v1_large", frames: 8, text: false },
  "google/videoprism-lvt-base-f16r288": { name: "videoprism_lvt_public_v1_base", frames: 16, text: true },
  "google/videoprism-lvt-large-f8r288": { name: "videoprism_lvt_public_v1_large", frames: 8, text: true },
};

export const videoprism: LibraryGenerator = (view) => {
  const known = Object.hasOwn(videoPrismModels, view.id) ? videoPrismModels[view.id] : undefined;
  if (!known) return downloadOnly("https://github.com/google-deepmind/videoprism")(view);
  const setup = python`import jax.numpy as jnp
from videoprism import models as vp

${assign("model_name =", known.name)}
model = vp.get_model(model_name)
state = vp.load_pretrained_weights(model_name)`;
  const video = python`${comment(`${known.frames} RGB frames of 288x288 in [0, 1]: (batch, frames, height, width, 3)`)}
video = jnp.zeros((1, ${known.frames}, 288, 288, 3))`;
  if (!known.text) {
    return [
      pythonSnippet(python`${ref(setup)}

${ref(video)}
embeddings, _ = model.apply(state, video, train=False)
print(embeddings.shape)`),
    ];
  }
  return [
    pythonSnippet(python`${ref(setup)}
tokenizer = vp.load_text_tokenizer(${"c4_en"})

${ref(video)}
${assign("texts =", ["a person cooking", "a dog running on a beach"])}
ids, paddings = vp.tokenize_texts(tokenizer, texts)
${call("video_emb, text_emb, _ = model.apply(", [arg(ref("state")), arg(ref("video")), arg(ref("ids")), arg(ref("paddings")), kwarg("train", false)])}
print(video_emb @ text_emb.T)`),
  ];
};
