import type { ModelRecord } from "../../model/record.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { configValue, repoName, siblingFiles } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";
import { downloadOnlySnippet } from "./download-only.js";

/*
 * Short recipes of group 3: one-call loaders (FleXray, nobg, ReLiK, ZeroModels), and the libraries whose snippet
 * picks among a few fixed forms by the record's task or file list. Record values (the id, file names) reach the
 * code only as Python literals or shell words; every class, module and function name comes from this file.
 */

/** Samplers take these where the library's generate call accepts them. */
export const sampling = { topP: 0.99, temperature: 0.85 } as const;

const tag = (model: ModelRecord, task: string) => model.pipeline_tag === task || model.tags.includes(task);

export const flexray: LibraryGenerator = loadWith({
  module: "fxr.inference",
  name: "FleXraySegmenter",
  method: "from_pretrained",
  variable: "segmenter",
  usage: () => python`prediction = segmenter.predict(${"chest_xray.png"})
print(segmenter.label_names)
print(prediction.masks.shape)`,
});

export const nobg: LibraryGenerator = loadWith({
  module: "nobg",
  name: "AutoModel",
  method: "from_pretrained",
  usage: () => python`model.process(${"input.jpg"}).save(${"output.png"})`,
});

export const relik: LibraryGenerator = loadWith({
  module: "relik",
  name: "Relik",
  method: "from_pretrained",
  usage: () => python`output = model(${"Michael Jordan was one of the best players in the NBA."})
print(output)`,
});

export const zeromodels: LibraryGenerator = loadWith({
  module: "zeromodels",
  name: "AutoZModel",
  method: "from_weights",
  usage: () => "model.summary()",
});

/** ANEForge runs sentence encoders and Llama/Qwen-family (or GPT-2) language models on the Apple Neural Engine. */
export const aneforge: LibraryGenerator = (model) => {
  if (tag(model, "sentence-similarity") || tag(model, "feature-extraction")) {
    return loadWith({
      module: "aneforge.sentence_transformers",
      name: "SentenceTransformer",
      usage: () => python`${assign("sentences =", ["The Neural Engine runs this encoder.", "It is fast and frugal."])}
embeddings = model.encode(sentences, normalize_embeddings=True)
print(embeddings.shape)`,
    })(model);
  }
  if (!tag(model, "text-generation")) return [downloadOnlySnippet(model, "https://github.com/sbryngelson/ANEForge")];
  const prompt = "The Apple Neural Engine is";
  if (configValue(model, "model_type") === "gpt2") {
    return [
      pythonSnippet(python`import aneforge as af

${call("model = af.load_gpt2(", [arg(model.id)])}
print(model.generate_text(${prompt}, max_new_tokens=32))`),
    ];
  }
  const generate = call("tokens = model.generate(", [
    arg(ref("ids")),
    kwarg("max_new_tokens", 32),
    kwarg("eos_id", ref("tokenizer.eos_token_id")),
    kwarg("temperature", sampling.temperature),
    kwarg("top_p", sampling.topP),
  ]);
  return [
    pythonSnippet(python`import aneforge.llm as llm
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(model.id)])}
${call("model = llm.from_pretrained(", [arg(model.id)])}
ids = tokenizer(${prompt})["input_ids"]
${generate}
print(tokenizer.decode(tokens))`),
  ];
};

/** Audiocraft's model families, by a word of the repository name; MusicGen is the default. */
const audiocraftFamilies = [
  { pattern: /magnet/i, name: "MAGNeT", prompt: "80s pop track with bassy drums and synth", sampling: false },
  { pattern: /audiogen/i, name: "AudioGen", prompt: "dog barking while a car drives by", sampling: true },
  { pattern: /./, name: "MusicGen", prompt: "lo-fi hip hop beat with mellow piano chords", sampling: true },
] as const;

export const audiocraft: LibraryGenerator = (model) => {
  const family = audiocraftFamilies.find((candidate) => candidate.pattern.test(repoName(model))) ?? audiocraftFamilies[2];
  // MAGNeT's non-autoregressive sampler has its own temperature schedule: its defaults are kept.
  const params = family.sampling ? [kwarg("top_p", sampling.topP), kwarg("temperature", sampling.temperature)] : [];
  return [
    pythonSnippet(python`from audiocraft.data.audio import audio_write
from audiocraft.models import ${ref(family.name)}

${call(`model = ${family.name}.get_pretrained(`, [arg(model.id)])}
${call("model.set_generation_params(", [kwarg("duration", 8), ...params])}
wav = model.generate([${family.prompt}])
audio_write(${"output"}, wav[0].cpu(), model.sample_rate, strategy=${"loudness"})`),
  ];
};

export const birefnet: LibraryGenerator = (model) => [
  pythonSnippet(python`import torch
from PIL import Image
from torchvision import transforms
from transformers import AutoModelForImageSegmentation

${call("model = AutoModelForImageSegmentation.from_pretrained(", [arg(model.id), kwarg("trust_remote_code", true)])}
model.eval()
image = Image.open(${"input.jpg"}).convert(${"RGB"})
resize = transforms.Resize((1024, 1024))
normalize = transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
pixels = normalize(transforms.ToTensor()(resize(image))).unsqueeze(0)
with torch.no_grad():
    mask = model(pixels)[-1].sigmoid()[0].cpu()
image.putalpha(transforms.ToPILImage()(mask).resize(image.size))
image.save(${"output.png"})`),
];

/** Chatterbox's own repositories load by name; another repository's files are downloaded and loaded from their folder. */
export const chatterbox: LibraryGenerator = (model) => {
  const turbo = /turbo/i.test(repoName(model));
  const [module, name] = turbo ? ["chatterbox.tts_turbo", "ChatterboxTurboTTS"] : ["chatterbox.tts", "ChatterboxTTS"];
  const official = model.id.toLowerCase() === (turbo ? "resembleai/chatterbox-turbo" : "resembleai/chatterbox");
  const load = official
    ? python`model = ${ref(name)}.from_pretrained(device=${"cuda"})`
    : python`${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
model = ${ref(name)}.from_local(path, device=${"cuda"})`;
  const text = "Hello! This is Chatterbox, reading a short sentence aloud.";
  // The sampling keywords are those of the standard model's generate; Turbo keeps its own defaults.
  const generate = turbo
    ? "wav = model.generate(text)"
    : call("wav = model.generate(", [arg(ref("text")), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)]).text;
  return [
    pythonSnippet(python`import torchaudio
from ${ref(module)} import ${ref(name)}
${ref(official ? "" : "from huggingface_hub import snapshot_download\n")}
${ref(load)}
${assign("text =", text)}
${ref(generate)}
torchaudio.save(${"output.wav"}, wav, model.sr)`),
  ];
};

/** Cortiq runs a single `.cmf` file with its Rust CLI: the repository's first one, downloaded with `hf`. */
export const cortiq: LibraryGenerator = (model) => {
  const file = siblingFiles(model).find((name) => name.endsWith(".cmf"));
  const note = file ? "" : "# replace model.cmf with the name of the repository's .cmf file\n";
  const path = file ?? "model.cmf";
  return [
    shellSnippet(shell`cargo install cortiq-cli
${ref(note)}hf download ${model.id} ${path} --local-dir cmf
cortiq run ${`cmf/${path}`} --prompt ${"What is the capital of France?"}`),
  ];
};

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

export const espnet: LibraryGenerator = (model) => {
  if (tag(model, "text-to-speech")) {
    return [
      pythonSnippet(python`import soundfile as sf
from espnet2.bin.tts_inference import Text2Speech

${call("model = Text2Speech.from_pretrained(", [arg(model.id)])}
output = model(${"Hello, this sentence was spoken by ESPnet."})
sf.write(${"output.wav"}, output[${"wav"}].numpy(), model.fs)`),
    ];
  }
  if (!tag(model, "automatic-speech-recognition")) return [downloadOnlySnippet(model, "https://github.com/espnet/espnet")];
  return [
    pythonSnippet(python`import soundfile as sf
from espnet2.bin.asr_inference import Speech2Text

${call("model = Speech2Text.from_pretrained(", [arg(model.id)])}
speech, rate = sf.read(${"speech.wav"})
text, *_ = model(speech)[0]
print(text)`),
  ];
};

export const mambaSsm: LibraryGenerator = (model) => {
  // The state-spaces checkpoints ship no tokenizer: they were trained with GPT-NeoX's.
  const tokenizer = siblingFiles(model).includes("tokenizer.json") ? model.id : "EleutherAI/gpt-neox-20b";
  const generate = call("output = model.generate(", [
    arg(ref("input_ids")),
    kwarg("max_length", 64),
    kwarg("top_k", 0),
    kwarg("top_p", sampling.topP),
    kwarg("temperature", sampling.temperature),
  ]);
  return [
    pythonSnippet(python`import torch
from mamba_ssm.models.mixer_seq_simple import MambaLMHeadModel
from transformers import AutoTokenizer

${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(tokenizer)])}
${call("model = MambaLMHeadModel.from_pretrained(", [arg(model.id), kwarg("device", "cuda"), kwarg("dtype", ref("torch.float16"))])}
input_ids = tokenizer(${"Mamba is a"}, return_tensors=${"pt"}).input_ids.to(${"cuda"})
${generate}
print(tokenizer.decode(output[0]))`),
  ];
};

export const sam2: LibraryGenerator = (model) => [
  pythonSnippet(python`import numpy as np
import torch
from PIL import Image
from sam2.sam2_image_predictor import SAM2ImagePredictor

${call("predictor = SAM2ImagePredictor.from_pretrained(", [arg(model.id)])}
image = np.array(Image.open(${"image.jpg"}).convert(${"RGB"}))
with torch.inference_mode():
    predictor.set_image(image)
    point = np.array([[500, 375]])
    masks, scores, _ = predictor.predict(point_coords=point, point_labels=np.array([1]))
print(masks.shape, scores)`),
];

/** Stanza's pipelines live in stanfordnlp/stanza-<language> repositories, which stanza.download fetches by language. */
export const stanza: LibraryGenerator = (model) => {
  const language = /^stanfordnlp\/stanza-([a-z]+(?:[_-][a-z]+)*)$/i.exec(model.id)?.[1]?.toLowerCase();
  if (!language) return [downloadOnlySnippet(model, "https://github.com/stanfordnlp/stanza")];
  const widget = model.widgetData?.map((entry) => entry["text"]).find((value) => typeof value === "string" && value.trim() !== "");
  const text = typeof widget === "string" ? widget : "Barack Obama was born in Hawaii.";
  return [
    pythonSnippet(python`import stanza

stanza.download(${language})
nlp = stanza.Pipeline(${language})
${call("doc = nlp(", [arg(text)])}
for sentence in doc.sentences:
    for word in sentence.words:
        print(word.text, word.upos)`),
  ];
};

/** TerraTorch builds models from its own registry names and YAML configs, not from Hub ids. */
export const terratorch: LibraryGenerator = (model) => [downloadOnlySnippet(model, "https://github.com/IBM/terratorch")];

/** VoiceCraft loads from a clone of its repository; cloning a voice takes a prompt recording and its transcript. */
export const voicecraft: LibraryGenerator = (model) => [
  pythonSnippet(python`${comment("run from a clone of https://github.com/jasonppy/VoiceCraft")}
from models import voicecraft

${call("model = voicecraft.VoiceCraft.from_pretrained(", [arg(model.id)])}
${comment("its inference_tts_scale.inference_one_sample clones a voice from a prompt")}
print(model.args)`),
];
