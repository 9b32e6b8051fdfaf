import type { ModelRecord } from "../../model/record.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName, siblingFiles } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";
import { downloadOnly } from "./download-only.js";

/*
 * Short recipes of libraries that load a Hub model in a call or two (the longer ones have files of their own;
 * Sample Factory's is re-exported here). Record values (the id, file names, widget texts) reach the code only as
 * Python literals or shell words; class names come from this file.
 */

/** The first non-empty widget text of the record, or `fallback`. */
function widgetText(model: ModelRecord, fallback: string): string {
  const text = model.widgetData?.map((entry) => entry["text"]).find((value) => typeof value === "string" && value.trim() !== "");
  return typeof text === "string" ? text : fallback;
}

/** The first listed file with this extension, preferring `preferred` when it is listed. */
function listedFile(model: ModelRecord, extension: string, preferred: string): string {
  const files = siblingFiles(model).filter((name) => name.endsWith(extension));
  return files.find((name) => name === preferred) ?? files[0] ?? preferred;
}

/**
 * For libraries whose loading API could not be established from their documentation: download the repository
 * and point to the library's own instructions, rather than guess at an API.
 */
export const allennlp: LibraryGenerator = (model) => {
  // Predictor.from_path imports the allennlp_models plugin, which registers the model and predictor classes.
  const usage =
    model.pipeline_tag === "question-answering"
      ? python`${assign("inputs =", { passage: "My name is Wolfgang and I live in Berlin.", question: "Where do I live?" })}
prediction = predictor.predict_json(inputs)
print(prediction["best_span_str"])`
      : python`${comment("predict_json takes the input fields of this model's predictor (see its model card)")}
print(type(predictor).__name__)`;
  return [
    pythonSnippet(python`from allennlp.predictors.predictor import Predictor

${call("predictor = Predictor.from_path(", [arg(`hf://${model.id}`)])}

${ref(usage)}`),
  ];
};

export const asteroid: LibraryGenerator = loadWith({
  module: "asteroid.models",
  name: "BaseModel",
  method: "from_pretrained",
  usage: () => python`${comment("writes one file per source at the model's sample rate: mixture_est1.wav, ...")}
model.separate(${"mixture.wav"}, force_overwrite=True)`,
});

export const bertopic: LibraryGenerator = loadWith({
  module: "bertopic",
  name: "BERTopic",
  method: "load",
  variable: "topic_model",
  usage: () => python`${call("topics, probabilities = topic_model.transform(", [arg(["The central bank raised interest rates again this quarter."])])}
print(topics[0], topic_model.get_topic(topics[0]))`,
});

export const cartesiaMlx: LibraryGenerator = (model) => [
  pythonSnippet(python`import cartesia_mlx as cmx
import mlx.core as mx

${call("model = cmx.from_pretrained(", [arg(model.id)])}
model.set_dtype(mx.float32)

${assign("prompt =", "Rene Descartes was")}
print(prompt, end="", flush=True)
for text in model.generate(prompt, max_tokens=200, top_p=0.99, temperature=0.85):
    print(text, end="", flush=True)`),
];

/** COLIPRI builds its CT model from the package and reads the weights file of the repository. */
export const colipri: LibraryGenerator = (model) => [
  pythonSnippet(python`from colipri import (
    ZeroShotImageClassificationPipeline,
    get_model,
    get_processor,
    load_sample_ct,
)
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", model.id), kwarg("filename", listedFile(model, ".safetensors", "model.safetensors"))])}
model = get_model(checkpoint_path=path).cuda()
pipeline = ZeroShotImageClassificationPipeline(model, get_processor())

image = load_sample_ct()
print(pipeline(image, ${["No lung nodules", "Lung nodules"]}))`),
];

/** Depth Pro reads its checkpoint from the path in its config; the Hub file is downloaded and put there. */
export const depthPro: LibraryGenerator = (model) => [
  pythonSnippet(python`from dataclasses import replace

import depth_pro
from depth_pro.depth_pro import DEFAULT_MONODEPTH_CONFIG_DICT
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", model.id), kwarg("filename", listedFile(model, ".pt", "depth_pro.pt"))])}
config = replace(DEFAULT_MONODEPTH_CONFIG_DICT, checkpoint_uri=path)
model, transform = depth_pro.create_model_and_transforms(config=config)
model.eval()

image, _, f_px = depth_pro.load_rgb(${"image.jpg"})
prediction = model.infer(transform(image), f_px=f_px)
print(prediction["depth"].shape, prediction["focallength_px"])`),
];

export const edsnlp: LibraryGenerator = (model) => [
  pythonSnippet(python`import edsnlp

${call("nlp = edsnlp.load(", [arg(model.id)])}
${call("doc = nlp(", [arg(widgetText(model, "Le patient a été admis le 12 mars 2023 pour une pneumopathie."))])}
for entity in doc.ents:
    print(entity.text, entity.label_)`),
];

/** Flair taggers (NER, POS, ...) are SequenceTaggers; text classifiers are TextClassifiers. */
export const flair: LibraryGenerator = (model) => {
  const name = model.pipeline_tag === "text-classification" ? "TextClassifier" : "SequenceTagger";
  const text = widgetText(model, "George Washington went to Washington.");
  return [
    pythonSnippet(python`from flair.data import Sentence
from flair.models import ${ref(name)}

${call(`model = ${name}.load(`, [arg(model.id)])}
${call("sentence = Sentence(", [arg(text)])}
model.predict(sentence)
print(sentence)`),
  ];
};

export const gliner2: LibraryGenerator = loadWith({
  module: "gliner2",
  name: "GLiNER2",
  method: "from_pretrained",
  variable: "extractor",
  usage: () => python`${assign("text =", "Apple CEO Tim Cook announced the iPhone 15 in Cupertino.")}
result = extractor.extract_entities(text, ${["company", "person", "product", "location"]})
print(result)`,
});

/** Keras 2 models are TensorFlow SavedModel folders: downloaded, then loaded with tf_keras (the Keras 2 package). */
export const tfKeras: LibraryGenerator = (model) => [
  pythonSnippet(python`import tf_keras
from huggingface_hub import snapshot_download

${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
model = tf_keras.models.load_model(path)
model.summary()`),
];

/** KittenTTS writes 24 kHz audio. */
export const kittentts: LibraryGenerator = (model) => [
  pythonSnippet(python`import soundfile as sf
from kittentts import KittenTTS

${call("model = KittenTTS(", [arg(model.id)])}
${call("audio = model.generate(", [arg("This high quality voice runs without a GPU."), kwarg("voice", "expr-voice-5-m")])}
sf.write(${"output.wav"}, audio, ${24000})`),
];

/** LeRobot policies: the config names the policy type, whose class LeRobot's factory returns. */
export const lerobot: LibraryGenerator = (model) => [
  pythonSnippet(python`from lerobot.configs.policies import PreTrainedConfig
from lerobot.policies.factory import get_policy_class

${assign("repo_id =", model.id)}
config = PreTrainedConfig.from_pretrained(repo_id)
policy = get_policy_class(config.type).from_pretrained(repo_id)
policy.eval()
print(config.type, config.input_features, config.output_features)`),
];

export const model2vec: LibraryGenerator = loadWith({
  module: "model2vec",
  name: "StaticModel",
  method: "from_pretrained",
  usage: () => python`${call("embeddings = model.encode(", [arg(["It's dangerous to go alone!", "It's a secret to everybody."])])}
print(embeddings.shape)`,
});

/** NeMo: ASR models transcribe a file; other models load through ModelPT, which builds the class saved in the .nemo file. */
export const nemo: LibraryGenerator = (model) => {
  if (model.pipeline_tag === "automatic-speech-recognition") {
    return [
      pythonSnippet(python`import nemo.collections.asr as nemo_asr

${call("asr_model = nemo_asr.models.ASRModel.from_pretrained(", [kwarg("model_name", model.id)])}
output = asr_model.transcribe([${"audio.wav"}])
print(output[0].text)`),
    ];
  }
  return [
    pythonSnippet(python`from nemo.core import ModelPT

${call("model = ModelPT.from_pretrained(", [kwarg("model_name", model.id)])}
model.eval()
print(type(model).__name__)`),
  ];
};

/** Pocket TTS loads kyutai/pocket-tts itself (it takes no repository id) and writes 24 kHz audio at `sample_rate`. */
export const pocketTts: LibraryGenerator = (model) => {
  if (model.id.toLowerCase() !== "kyutai/pocket-tts") return downloadOnly("https://github.com/kyutai-labs/pocket-tts")(model);
  return [
    pythonSnippet(python`import scipy.io.wavfile
from pocket_tts import TTSModel

${comment("load_model() downloads the kyutai/pocket-tts weights from the Hub")}
model = TTSModel.load_model()
${call("voice = model.get_state_for_audio_prompt(", [arg("hf://kyutai/tts-voices/alba-mackenna/casual.wav")])}
audio = model.generate_audio(voice, ${"Hello world, this is Pocket TTS."})
scipy.io.wavfile.write(${"output.wav"}, model.sample_rate, audio.numpy())`),
  ];
};

/** The folder of the first SAE listed in the repository (SAELens stores one cfg.json per SAE folder). */
function saeFolder(model: ModelRecord): string | undefined {
  const config = siblingFiles(model).find((name) => /^.+\/cfg\.json$/.test(name));
  return config?.slice(0, -"/cfg.json".length);
}

export const saelens: LibraryGenerator = (model) => {
  const folder = saeFolder(model);
  const note = folder ? "" : `${comment("replace <sae_id> with the folder of one SAE in the repository").text}\n`;
  return [
    pythonSnippet(python`import torch
from sae_lens import SAE

${ref(note)}${call("sae = SAE.from_pretrained(", [kwarg("release", model.id), kwarg("sae_id", folder ?? "<sae_id>")])}
features = sae.encode(torch.randn(1, sae.cfg.d_in))
print(features.shape)`),
  ];
};

/** Unity Sentis models are files for a Unity project: downloaded into its Assets folder, then loaded in C#. */
export const unitySentis: LibraryGenerator = (model) => [
  shellSnippet(shell`# download the model files into the Assets folder of your Unity project
hf download ${model.id} --local-dir Assets/${repoName(model)}
# in C#, assign the .sentis file to a ModelAsset field, load it with ModelLoader.Load
# and run it with a Worker (Unity Sentis / Inference Engine)`),
];

export { sampleFactory } from "./sample-factory.js";

export const seedStory: LibraryGenerator = downloadOnly("https://github.com/TencentARC/SEED-Story");
export const lvface: LibraryGenerator = downloadOnly("https://github.com/bytedance/LVFace");
export const threeDTopiaXl: LibraryGenerator = downloadOnly("https://github.com/3DTopia/3DTopia-XL");
