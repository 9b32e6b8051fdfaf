import type { ModelRecord } from "../../model/record.js";
import { loadWith } from "./from-pretrained.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName, siblingFiles } from "./record-fields.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";
import { downloadOnly } from "./download-only.js";

/*
 * Short recipes: AraClip, BEN2, CollectorVision, Dia2, fastText, GaussianFormer, jev-style, Kimi-Audio,
 * LiteRT-LM, MatAnyone, OpenDDE, Phantom, pythae, RouteE-Powertrain, SAM 3D Objects, SpanMarker, SwarmFormer,
 * UniWorld (univa), VFIMamba, Vui and Zonos. Record values (the id, file names, a widget text) reach the code
 * only as Python literals or shell words; names of classes and functions are this file's own.
 */

const sampling = { topP: 0.99, temperature: 0.85 } as const;

/** The first non-empty widget text of the record, or the fallback. */
export function widgetText(model: ModelRecord, fallback: string): string {
  const text = model.widgetData?.map((entry) => entry["text"]).find((value) => typeof value === "string" && value.trim() !== "");
  return typeof text === "string" ? text : fallback;
}

/** The listed file with one of these names, else the first ending with `extension`, else undefined. */
export function pickFile(model: ModelRecord, extension: string, preferred: readonly string[] = []): string | undefined {
  const files = siblingFiles(model).filter((name) => name.endsWith(extension));
  return files.find((name) => preferred.includes(name.split("/").pop() ?? "")) ?? files[0];
}

/** For a library whose loading API could not be established: download the repository, and say where to look. */
export const araclip: LibraryGenerator = (model) => [
  pythonSnippet(python`import numpy as np
from araclip import AraClip
from PIL import Image

${call("model = AraClip.from_pretrained(", [arg(model.id)])}

${assign("labels =", ["قطة جالسة", "كلب", "حصان"])}
image_features = model.embed(image=Image.open(${"cat.png"}))
text_features = np.stack([model.embed(text=label) for label in labels])
print(labels[np.argmax(text_features @ image_features)])`),
];

export const ben2: LibraryGenerator = (model) => [
  pythonSnippet(python`import torch
from ben2 import AutoModel
from PIL import Image

device = ${"cuda"} if torch.cuda.is_available() else ${"cpu"}
${call("model = AutoModel.from_pretrained(", [arg(model.id)])}
model.to(device).eval()

foreground = model.inference(Image.open(${"image.jpg"}))
foreground.save(${"foreground.png"})`),
];

export const collectorvision = downloadOnly("https://github.com/HanClinto/CollectorVision");

/** Dia2 samples audio tokens with a temperature and top-k (its sampler has no top-p); it writes the WAV itself. */
export const dia2: LibraryGenerator = (model) => [
  pythonSnippet(python`from dia2 import Dia2, GenerationConfig, SamplingConfig

${call("model = Dia2.from_repo(", [arg(model.id), kwarg("device", "cuda"), kwarg("dtype", "bfloat16")])}
${call("config = GenerationConfig(", [kwarg("cfg_scale", ref("2.0")), kwarg("audio", ref(`SamplingConfig(temperature=${sampling.temperature}, top_k=50)`))])}
${assign("text =", "[S1] Hello from Dia2! [S2] It reads a script in two voices. [S1] (laughs)")}
model.generate(text, config=config, output_wav=${"output.wav"})`),
];

/** A fastText model is one .bin file: word vectors for feature extraction, a classifier otherwise. */
export const fasttext: LibraryGenerator = (model) => {
  const usage =
    model.pipeline_tag === "feature-extraction"
      ? python`print(model.get_word_vector(${"bread"}).shape)
print(model.get_nearest_neighbors(${"bread"}, k=5))`
      : python`labels, scores = model.predict(${widgetText(model, "The quick brown fox jumps over the lazy dog.")}, k=3)
print(list(zip(labels, scores)))`;
  return [
    pythonSnippet(python`import fasttext
from huggingface_hub import hf_hub_download

${call("path = hf_hub_download(", [kwarg("repo_id", model.id), kwarg("filename", pickFile(model, ".bin", ["model.bin"]) ?? "model.bin")])}
model = fasttext.load_model(path)
${ref(usage)}`),
  ];
};

export const gaussianformer: LibraryGenerator = (model) => [
  pythonSnippet(python`import torch
from gaussianformer import GaussianFormerRenderingPipeline, load_ply
from gaussianformer.utils.cameras import orbit

${call("pipeline = GaussianFormerRenderingPipeline.from_pretrained(", [arg(model.id)])}
pipeline = pipeline.to(${"cuda"})

${comment("a 3D Gaussian Splatting scene, seen by 8 cameras on an orbit")}
gaussians = load_ply(${"object.ply"}, up=${"z"})
camera_to_world = torch.from_numpy(orbit(8, 1.7))
images = pipeline(gaussians, camera_to_world, fov=45.0)
print(images.shape)`),
];

/** Jev-Style decision models answer typed questions about a text with calibrated probabilities. */
export const jevStyle: LibraryGenerator = (model) => [
  pythonSnippet(python`from jev_style import JevStyle, choice, noul

${call("model = JevStyle.from_pretrained(", [arg(model.id)])}

${assign("text =", "I was charged twice for my order. Please fix this today.")}
questions = {
    ${"billing"}: noul(${"This ticket is about billing."}),
    ${"tone"}: choice(${"What is the customer's tone?"}, ${["calm", "frustrated", "angry"]}),
}
result = model.decide(text, questions)
print(result[${"answers"}])`),
];

/** Kimi-Audio answers a spoken question in text and speech; its detokenizer outputs 24 kHz audio. */
export const kimiAudio: LibraryGenerator = (model) => [
  pythonSnippet(python`import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

${call("model = KimiAudio(", [kwarg("model_path", model.id), kwarg("load_detokenizer", true)])}

${assign("messages =", [{ role: "user", message_type: "audio", content: "question.wav" }])}
${call("wav, text = model.generate(", [arg(ref("messages")), kwarg("output_type", "both"), kwarg("audio_temperature", 0.8), kwarg("audio_top_k", 10), kwarg("text_temperature", ref("0.0"))])}
sf.write(${"answer.wav"}, wav.detach().cpu().view(-1).numpy(), ${24000})
print(text)`),
];

/** The LiteRT-LM CLI downloads a .litertlm file from the repository and runs it. */
export const litertLm: LibraryGenerator = (model) => {
  const file = pickFile(model, ".litertlm") ?? pickFile(model, ".task");
  const note = file ? "" : "# replace model.litertlm with the name of the repository's .litertlm file\n";
  return [
    shellSnippet(shell`uv tool install litert-lm
${ref(note)}litert-lm run \\
  --from-huggingface-repo=${model.id} \\
  ${file ?? "model.litertlm"} \\
  --prompt=${"What is the capital of France?"}`),
  ];
};

export const matanyone: LibraryGenerator = loadWith({
  module: "matanyone",
  name: "InferenceCore",
  variable: "processor",
  usage: () => python`${comment("a video, and the mask of the person to matte in its first frame")}
${call("foreground_path, alpha_path = processor.process_video(", [kwarg("input_path", "video.mp4"), kwarg("mask_path", "mask.png"), kwarg("output_path", "outputs")])}
print(foreground_path, alpha_path)`,
});

/** OpenDDE predicts structures from a JSON list of jobs; the repository's .pt file is its checkpoint. */
export const opendde: LibraryGenerator = (model) => {
  const checkpoint = pickFile(model, ".pt", ["opendde.pt"]) ?? "opendde.pt";
  const job = JSON.stringify([{ name: "example", modelSeeds: [101], sequences: [{ proteinChain: { sequence: "MVLSPADKTNVKAAWGKVGAHAGEYGAEALER", count: 1 } }] }]);
  return [
    shellSnippet(shell`pip install opendde
hf download ${model.id} ${checkpoint} --local-dir checkpoints
cat > input.json <<'EOF'
${ref(job)}
EOF
opendde pred -i input.json -o output -n opendde_v1 \\
  --load_checkpoint_path checkpoints/${checkpoint} \\
  --use_msa false --use_template false --use_rna_msa false`),
  ];
};

/** Phantom-Wan runs from its repository's generate.py, on Wan2.1's VAE and text encoder. */
export const phantomWan: LibraryGenerator = (model) => {
  const checkpoint = pickFile(model, ".pth", ["Phantom-Wan-1.3B.pth"]) ?? "Phantom-Wan-1.3B.pth";
  return [
    shellSnippet(shell`git clone https://github.com/Phantom-video/Phantom.git
cd Phantom || exit 1
pip install -r requirements.txt
hf download Wan-AI/Wan2.1-T2V-1.3B --local-dir ./Wan2.1-T2V-1.3B
hf download ${model.id} ${checkpoint} --local-dir ./Phantom-Wan-Models
python generate.py --task s2v-1.3B --size ${"832*480"} \\
  --ckpt_dir ./Wan2.1-T2V-1.3B \\
  --phantom_ckpt ./Phantom-Wan-Models/${checkpoint} \\
  --ref_image ${"examples/ref1.png,examples/ref2.png"} \\
  --prompt ${"A girl in a green dress plays with a dog on a sunny meadow"} \\
  --base_seed 42`),
  ];
};

export const pythae: LibraryGenerator = (model) => [
  pythonSnippet(python`from pythae.models import AutoModel
from pythae.samplers import NormalSampler

${call("model = AutoModel.load_from_hf_hub(", [kwarg("hf_hub_path", model.id)])}

sampler = NormalSampler(model=model)
samples = sampler.sample(num_samples=4)
print(samples.shape)`),
];

/** RouteE-Powertrain reads a model library from a Hub repository: its index lists the vehicle models. */
export const routeePowertrain: LibraryGenerator = (model) => [
  pythonSnippet(python`import pandas as pd
from routee.powertrain.registry.hf import HFRegistry

${call("registry = HFRegistry(", [kwarg("repo_id", model.id)])}
vehicle = registry.list_models()[0]
model = registry.load(vehicle)

${comment("energy use over three road links")}
${assign("links =", { distance_mi: [0.1, 0.2, 0.3], speed_mph: [30, 40, 50], grade_pct: [ref("-5.0"), ref("0.0"), ref("5.0")] })}
print(vehicle, model.predict(pd.DataFrame(links)))`),
];

/** SAM 3D Objects loads through the inference module in its repository's notebook/ folder. */
export const sam3dObjects: LibraryGenerator = (model) => [
  pythonSnippet(python`import sys

from huggingface_hub import snapshot_download

${comment("run from a clone of https://github.com/facebookresearch/sam-3d-objects")}
sys.path.append(${"notebook"})
from inference import Inference, load_image, load_single_mask  # noqa: E402

${call("path = snapshot_download(", [kwarg("repo_id", model.id)])}
inference = Inference(f"{path}/checkpoints/pipeline.yaml", compile=False)
image = load_image(${"image.png"})
mask = load_single_mask(${"masks"}, index=0)  ${comment("masks/0.png: the object's mask")}
output = inference(image, mask, seed=42)
output[${"gs"}].save_ply(${"splat.ply"})`),
];

export const spanMarker: LibraryGenerator = loadWith({
  module: "span_marker",
  name: "SpanMarkerModel",
  method: "from_pretrained",
  usage: (model) => python`${call("entities = model.predict(", [arg(widgetText(model, "Amelia Earhart flew her Lockheed Vega 5B across the Atlantic to Paris."))])}
for entity in entities:
    print(entity[${"span"}], entity[${"label"}], round(entity[${"score"}], 3))`,
});

/** SwarmFormer classifies sentiment from BERT token ids (any length that is a multiple of its cluster size). */
export const swarmformer: LibraryGenerator = (model) => [
  pythonSnippet(python`import torch
from swarmformer import SwarmFormerModel
from transformers import AutoTokenizer

${call("model = SwarmFormerModel.from_pretrained(", [arg(model.id)])}
model.eval()
tokenizer = AutoTokenizer.from_pretrained(${"bert-base-uncased"})

${assign("text =", "A moving story, wonderfully acted. I loved every minute of it.")}
${call("tokens = tokenizer(", [arg(ref("text")), kwarg("max_length", 256), kwarg("padding", "max_length"), kwarg("return_tensors", "pt")])}
with torch.no_grad():
    logits = model(tokens[${"input_ids"}])
print(logits.softmax(dim=-1))  ${comment("[negative, positive]")}`),
];

/** UniWorld-V1 runs from its repository, with FLUX.1-dev and SigLIP2 beside the model. */
export const univa: LibraryGenerator = (model) => [
  shellSnippet(shell`git clone https://github.com/PKU-YuanGroup/UniWorld-V1
cd UniWorld-V1 || exit 1
pip install -r requirements.txt
pip install flash_attn --no-build-isolation
hf download ${model.id} --local-dir models/${repoName(model)}
hf download black-forest-labs/FLUX.1-dev --local-dir models/FLUX.1-dev
hf download google/siglip2-so400m-patch16-512 --local-dir models/siglip2
python -m univa.serve.cli --model_path models/${repoName(model)} \\
  --flux_path models/FLUX.1-dev --siglip_path models/siglip2`),
];

/** VFIMamba's demo reads the checkpoints (.pkl) from a ckpt/ folder at the root of its repository. */
export const vfiMamba: LibraryGenerator = (model) => {
  const files = siblingFiles(model);
  const full = files.some((name) => name.split("/").pop() === "VFIMamba.pkl");
  const download = files.some((name) => name.startsWith("ckpt/"))
    ? shell`hf download ${model.id} --include ${"ckpt/*"} --local-dir .`
    : shell`hf download ${model.id} --include ${"*.pkl"} --local-dir ckpt`;
  return [
    shellSnippet(shell`git clone https://github.com/MCG-NJU/VFIMamba.git
cd VFIMamba || exit 1
${comment("needs PyTorch, mamba_ssm and causal_conv1d: see the repository's README")}
${ref(download)}
${comment("interpolates the frame between example/im1.png and example/im2.png")}
python demo_2x.py --model ${full ? "VFIMamba" : "VFIMamba_S"}`),
  ];
};

/** Vui's Engine loads its default checkpoint from fluxions/vui; a voice prompt sets the speaker. Audio is 24 kHz. */
export const vui: LibraryGenerator = (model) => {
  if (model.id !== "fluxions/vui") return downloadOnly("https://github.com/fluxions-ai/vui")(model);
  return [
    pythonSnippet(python`import soundfile as sf
from vui.engine import Engine, GenConfig, Segment
from vui.prompt_files import load_official_prompt

engine = Engine()
${call("text, codes, speaker, bias = load_official_prompt(", [arg("maeve"), kwarg("checkpoint", ref("engine.checkpoint"))])}
with engine.new_row() as row:
    row.prefill([Segment(text, codes)], spk_emb=speaker, cond_bias=bias)
    ${call("_, audio = row.render(", [arg("Hello! It is lovely to meet you."), arg(ref(`GenConfig(temperature=${sampling.temperature})`))], 4)}
sf.write(${"output.wav"}, audio.squeeze().cpu().float().numpy(), ${24000})`),
  ];
};

/** Zonos clones a voice from a short recording; its autoencoder decodes to 44.1 kHz. */
export const zonos: LibraryGenerator = (model) => [
  pythonSnippet(python`import torchaudio
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

${call("model = Zonos.from_pretrained(", [arg(model.id), kwarg("device", "cuda")])}

wav, sampling_rate = torchaudio.load(${"speaker.wav"})  ${comment("a few seconds of the voice")}
speaker = model.make_speaker_embedding(wav, sampling_rate)
${call("cond_dict = make_cond_dict(", [kwarg("text", "Hello, world!"), kwarg("speaker", ref("speaker")), kwarg("language", "en-us")])}
conditioning = model.prepare_conditioning(cond_dict)
${call("codes = model.generate(", [arg(ref("conditioning")), kwarg("sampling_params", { top_p: sampling.topP, temperature: sampling.temperature })])}
wavs = model.autoencoder.decode(codes).cpu()
torchaudio.save(${"output.wav"}, wavs[0], model.autoencoder.sampling_rate)`),
];
