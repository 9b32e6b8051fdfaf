import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { configValue, siblingFiles } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";
import { downloadOnly } from "./download-only.js";

/*
 * Short recipes: AnemoI, AudioSeal, BM25S, Chronos, CXR Foundation, Describe Anything, fairseq, FlexTab,
 * Kernels, Lightning IR, MARS5-TTS, ml-agents, OpenASR, pxia, RenderFormer, SAM 3D Body, SetFit, Supertonic,
 * VoxCPM and YOLOv10 (IndexTTS, re-exported below, Moshi, Perception Encoder, VideoPrism and Transformers.js
 * have files of their own). Record values (the id, file names, a config string) reach the code only as Python
 * literals or shell words; the names of classes, functions and modules are this file's own.
 */

export { indexTts } from "./index-tts.js";

const sampling = { topP: 0.99, temperature: 0.85 } as const;

/** Where the loading API could not be established: download the repository and point to the project. */
/** AnemoI runners take the checkpoint as a Hugging Face reference; a forecast starts from a state of these fields. */
export const anemoi: LibraryGenerator = (model) => [
  pythonSnippet(python`from anemoi.inference.runners.simple import SimpleRunner

${call("runner = SimpleRunner(", [arg({ huggingface: model.id }), kwarg("device", "cuda")])}
checkpoint = runner.checkpoint

${comment("an initial state holds these fields, each shaped (dates, grid points), for")}
${comment("runner.run(input_state=state, lead_time=12) to step the forecast from")}
print(checkpoint.variables_from_input(include_forcings=False))
print(checkpoint.multi_step_input, checkpoint.number_of_grid_points)`),
];

/** AudioSeal loads facebook/audioseal's generator and detector by the names of the cards it ships. */
export const audioseal: LibraryGenerator = (model) => {
  if (model.id.toLowerCase() !== "facebook/audioseal") return downloadOnly("https://github.com/facebookresearch/audioseal")(model);
  return [
    pythonSnippet(python`import torch
from audioseal import AudioSeal

generator = AudioSeal.load_generator(${"audioseal_wm_16bits"})
detector = AudioSeal.load_detector(${"audioseal_detector_16bits"})

${comment("one second of 16 kHz audio, shaped (batch, channels, samples)")}
wav = torch.randn(1, 1, ${16000})
watermarked = wav + generator.get_watermark(wav, ${16000})
probability, message = detector.detect_watermark(watermarked, ${16000})
print(probability, message)`),
  ];
};

export const bm25s: LibraryGenerator = (model) => [
  pythonSnippet(python`import bm25s
from bm25s.hf import BM25HF

${call("retriever = BM25HF.load_from_hub(", [arg(model.id), kwarg("load_corpus", true)])}

query_tokens = bm25s.tokenize(${"what is the capital of France?"})
documents, scores = retriever.retrieve(query_tokens, k=${3})
for document, score in zip(documents[0], scores[0]):
    print(f"{score:.2f}", document)`),
];

/** BaseChronosPipeline picks Chronos, Chronos-Bolt or Chronos-2 from the repository's config. */
export const chronosForecasting: LibraryGenerator = (model) => [
  pythonSnippet(python`import torch
from chronos import BaseChronosPipeline

${call("pipeline = BaseChronosPipeline.from_pretrained(", [arg(model.id)])}

${comment("four years of a monthly series with a yearly season")}
context = 100 + 20 * torch.sin(torch.arange(${48}) * torch.pi / ${6})
${call("quantiles, mean = pipeline.predict_quantiles(", [arg([ref("context")]), kwarg("prediction_length", 12)])}
print(mean)`),
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

export const describeAnything: LibraryGenerator = (model) => [
  pythonSnippet(python`from dam import DescribeAnythingModel
from PIL import Image

${call("dam = DescribeAnythingModel(", [kwarg("model_path", model.id), kwarg("conv_mode", "v1"), kwarg("prompt_mode", "full+focal_crop")])}
dam = dam.to(${"cuda"})
image = Image.open(${"image.jpg"}).convert(${"RGB"})
mask = Image.open(${"mask.png"}).convert(${"L"})  ${comment("white over the region to describe")}
${assign("query =", "<image>\nDescribe the masked region in detail.")}
${call("description = dam.get_description(", [arg(ref("image")), arg(ref("mask")), arg(ref("query")), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)])}
print(description)`),
];

/** fairseq loads a Hub checkpoint as an ensemble and its task; text-to-speech models speak through TTSHubInterface. */
export const fairseq: LibraryGenerator = (model) => {
  const speech = model.pipeline_tag === "text-to-speech";
  const overrides = speech ? [kwarg("arg_overrides", { vocoder: "hifigan", fp16: false })] : [];
  const load = call("models, cfg, task = load_model_ensemble_and_task_from_hf_hub(", [arg(model.id), ...overrides]);
  if (!speech) {
    return [
      pythonSnippet(python`from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub

${load}
model = models[0].eval()
print(type(task).__name__, sum(parameter.numel() for parameter in model.parameters()))`),
    ];
  }
  return [
    pythonSnippet(python`import soundfile as sf
from fairseq.checkpoint_utils import load_model_ensemble_and_task_from_hf_hub
from fairseq.models.text_to_speech.hub_interface import TTSHubInterface

${load}
TTSHubInterface.update_cfg_with_data_cfg(cfg, task.data_cfg)
generator = task.build_generator(models, cfg)

sample = TTSHubInterface.get_model_input(task, ${"Hello, this is a test run."})
wav, rate = TTSHubInterface.get_prediction(task, models[0], generator, sample)
sf.write(${"speech.wav"}, wav.numpy(), rate)`),
  ];
};

/** Kernels load by repository and major version; the activation kernel's functions are known, others are listed. */
export const kernels: LibraryGenerator = (model) => {
  const owner = model.id.split("/")[0]?.toLowerCase();
  const trust = owner === "kernels-community" ? "" : `${comment("kernels outside trusted organisations also need trust_remote_code=True").text}\n`;
  const load = call(`${model.id === "kernels-community/activation" ? "activation" : "kernel"} = get_kernel(`, [arg(model.id), kwarg("version", 1)]);
  if (model.id === "kernels-community/activation") {
    return [
      pythonSnippet(python`import torch
from kernels import get_kernel

${load}

x = torch.randn((${10}, ${10}), dtype=torch.float16, device=${"cuda"})
y = torch.empty_like(x)
activation.gelu_fast(y, x)
print(y)`),
    ];
  }
  return [
    pythonSnippet(python`from kernels import get_kernel

${ref(trust)}${load}
${comment("the functions the kernel provides; its model card shows how to call them")}
print([name for name in dir(kernel) if not name.startswith(${"_"})])`),
  ];
};

/** Lightning IR: a cross-encoder scores query-document pairs jointly, a bi-encoder embeds each side. */
export const lightningIr: LibraryGenerator = (model) => {
  const modelType = configValue(model, "model_type");
  const cross = typeof modelType === "string" && /cross-encoder|mono|set-encoder/i.test(modelType);
  const module = cross ? "CrossEncoderModule" : "BiEncoderModule";
  return [
    pythonSnippet(python`from lightning_ir import ${ref(module)}

${call(`module = ${module}(`, [arg(model.id)])}

query = ${"What is the capital of France?"}
${assign("documents =", ["Paris is the capital of France.", "Berlin is the capital of Germany."])}
output = module.score(query, documents)
print(output.scores)`),
  ];
};

/** MARS5 clones the voice of a 2 to 12 second reference; it outputs 24 kHz audio. */
export const mars5Tts: LibraryGenerator = (model) => [
  pythonSnippet(python`${comment("run in a clone of https://github.com/Camb-ai/MARS5-TTS")}
import librosa
import soundfile as sf
import torch
from inference import InferenceConfig, Mars5TTS

${call("mars5 = Mars5TTS.from_pretrained(", [arg(model.id)])}

reference = torch.from_numpy(librosa.load(${"reference.wav"}, sr=mars5.sr)[0])
${assign("transcript =", "What the reference recording says.")}
${call("config = InferenceConfig(", [kwarg("deep_clone", true), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)])}
${call("_, audio = mars5.tts(", [arg("The quick brown rat."), arg(ref("reference")), arg(ref("transcript")), kwarg("cfg", ref("config"))])}
sf.write(${"speech.wav"}, audio.numpy(), ${24000})`),
];

export const mlAgents: LibraryGenerator = (model) => [
  shellSnippet(shell`mlagents-load-from-hf --repo-id=${model.id} --local-dir=./downloads
# the .onnx policy in ./downloads runs as the Model of the agent's Behavior Parameters in Unity`),
];

/** OpenASR transcribes with a local .oasr pack, downloaded from the repository. */
export const openasr: LibraryGenerator = (model) => {
  const pack = siblingFiles(model).find((name) => name.endsWith(".oasr"));
  const note = pack ? "" : "# replace model.oasr with the name of the repository's .oasr pack\n";
  const download = pack ? shell`hf download ${model.id} ${pack} --local-dir openasr-packs` : shell`hf download ${model.id} --include '*.oasr' --local-dir openasr-packs`;
  return [
    shellSnippet(`# openasr: build it from https://github.com/QuintinShaw/openasr (cargo build --release -p openasr-cli)
${download}
${note}${shell`openasr transcribe audio.wav --model-pack openasr-packs/${pack ?? "model.oasr"}`}`),
  ];
};

/** pxia's AutoModel picks the architecture from the repository's tags; its GPT-2 generates greedily. */
export const pxia: LibraryGenerator = (model) => {
  const load = call("model = AutoModel.from_pretrained(", [arg(model.id)]);
  if (!model.tags.includes("gpt2")) return [pythonSnippet(python`from pxia import AutoModel\n\n${load}\nprint(model)`)];
  return [
    pythonSnippet(python`from pxia import AutoModel
from transformers import AutoTokenizer

${load}

tokenizer = AutoTokenizer.from_pretrained(${"openai-community/gpt2"})
inputs = tokenizer(${"Hello, my name is"}, return_tensors=${"pt"})
${call("text = model.generate(", [arg(ref("**inputs")), kwarg("max_new_tokens", 20), kwarg("tokenizer", ref("tokenizer"))])}
print(text)`),
  ];
};

/** RenderFormer renders a scene converted to its HDF5 format, from a clone of its repository. */
export const renderformer: LibraryGenerator = (model) => [
  shellSnippet(shell`# in a clone of https://github.com/microsoft/renderformer (pip install -r requirements.txt)
python3 scene_processor/convert_scene.py examples/cbox.json --output_h5_path tmp/cbox/cbox.h5
python3 infer.py --h5_file tmp/cbox/cbox.h5 --model_id ${model.id} --output_dir output/cbox/`),
];

export const sam3dBody: LibraryGenerator = (model) => [
  pythonSnippet(python`from sam_3d_body import SAM3DBodyEstimator, load_sam_3d_body_hf

${call("model, model_cfg = load_sam_3d_body_hf(", [arg(model.id)])}
estimator = SAM3DBodyEstimator(sam_3d_body_model=model, model_cfg=model_cfg)

outputs = estimator.process_one_image(${"person.jpg"})  ${comment("one result per person")}
for person in outputs:
    print(person[${"pred_vertices"}].shape, person[${"pred_keypoints_3d"}].shape)`),
];

export const setfit: LibraryGenerator = loadWith({
  module: "setfit",
  name: "SetFitModel",
  method: "from_pretrained",
  usage: () => python`${assign("texts =", ["I loved the new Spider-Man movie!", "The service was slow and the food was cold."])}
print(model.predict(texts))`,
});

/** Supertonic loads its ONNX files from a folder: the repository's, downloaded first. */
export const supertonic: LibraryGenerator = (model) => [
  pythonSnippet(python`from huggingface_hub import snapshot_download
from supertonic import TTS

${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
tts = TTS(model_dir=path, auto_download=False)

style = tts.get_voice_style(${"M1"})
${call("wav, duration = tts.synthesize(", [arg("Hello! This voice was made on your own device."), kwarg("voice_style", ref("style"))])}
tts.save_audio(wav, ${"speech.wav"})  ${comment("at the model's sample rate")}`),
];

/** VoxCPM writes audio at its model's rate: 48 kHz (VoxCPM2), 44.1 kHz (VoxCPM1.5) or 16 kHz (VoxCPM-0.5B). */
export const voxcpm: LibraryGenerator = (model) => [
  pythonSnippet(python`import soundfile as sf
from voxcpm import VoxCPM

${call("model = VoxCPM.from_pretrained(", [arg(model.id), kwarg("load_denoiser", false)])}

${call("wav = model.generate(", [kwarg("text", "VoxCPM turns text into natural, expressive speech."), kwarg("cfg_value", ref("2.0")), kwarg("inference_timesteps", 10)])}
sf.write(${"speech.wav"}, wav, model.tts_model.sample_rate)`),
];

/** YOLOv10 comes with THU-MIG's fork of ultralytics, whose YOLOv10 class loads from the Hub. */
export const yolov10: LibraryGenerator = (model) => [
  pythonSnippet(python`${comment("pip install git+https://github.com/THU-MIG/yolov10.git")}
from ultralytics import YOLOv10

${call("model = YOLOv10.from_pretrained(", [arg(model.id)])}
${call("results = model.predict(", [kwarg("source", "https://ultralytics.com/images/bus.jpg"), kwarg("save", true)])}
print(results[0].boxes)`),
];

export const flextab: LibraryGenerator = downloadOnly("https://github.com/SAP-samples/flextab");
