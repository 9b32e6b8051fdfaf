// Speech synthesis: text-to-speech, voice cloning and spoken dialogue (Chatterbox, Dia2, Kimi-Audio, MARS5, VoxCPM, Zonos, …).
import { downloadOnly } from "./download-only.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { sampling } from "./sampling.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/** Chatterbox's own repositories load by name; another repository's files are downloaded and loaded from their folder. */
export const chatterbox: LibraryGenerator = (view) => {
  const turbo = /turbo/i.test(repoName(view));
  const [module, name] = turbo ? ["chatterbox.tts_turbo", "ChatterboxTurboTTS"] : ["chatterbox.tts", "ChatterboxTTS"];
  const official = view.id.toLowerCase() === (turbo ? "resembleai/chatterbox-turbo" : "resembleai/chatterbox");
  const load = official
    ? python`model = ${ref(name)}.from_pretrained(device=${"cuda"})`
    : python`${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
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

/**
 * Dia2 samples audio tokens with a temperature and top-k (its sampler has no top-p); it writes the WAV itself. The
 * registry's line installs it with uv sync into the clone's own .venv, which `uv run` uses.
 */
export const dia2: LibraryGenerator = (view) => [
  pythonSnippet(python`${comment("run in the dia2 clone with uv run (uv sync installs dia2 into the clone's .venv)")}
from dia2 import Dia2, GenerationConfig, SamplingConfig

${call("model = Dia2.from_repo(", [arg(view.id), kwarg("device", "cuda"), kwarg("dtype", "bfloat16")])}
${call("config = GenerationConfig(", [kwarg("cfg_scale", ref("2.0")), kwarg("audio", ref(`SamplingConfig(temperature=${sampling.temperature}, top_k=50)`))])}
${assign("text =", "[S1] Hello from Dia2! [S2] It reads a script in two voices. [S1] (laughs)")}
model.generate(text, config=config, output_wav=${"output.wav"})`),
];

/** Kimi-Audio answers a spoken question in text and speech; its detokenizer outputs 24 kHz audio. */
export const kimiAudio: LibraryGenerator = (view) => [
  pythonSnippet(python`import soundfile as sf
from kimia_infer.api.kimia import KimiAudio

${call("model = KimiAudio(", [kwarg("model_path", view.id), kwarg("load_detokenizer", true)])}

${assign("messages =", [{ role: "user", message_type: "audio", content: "question.wav" }])}
${call("wav, text = model.generate(", [arg(ref("messages")), kwarg("output_type", "both"), kwarg("audio_temperature", 0.8), kwarg("audio_top_k", 10), kwarg("text_temperature", ref("0.0"))])}
sf.write(${"answer.wav"}, wav.detach().cpu().view(-1).numpy(), ${24000})
print(text)`),
];

/** KittenTTS writes 24 kHz audio. */
export const kittentts: LibraryGenerator = (view) => [
  pythonSnippet(python`import soundfile as sf
from kittentts import KittenTTS

${call("model = KittenTTS(", [arg(view.id)])}
${call("audio = model.generate(", [arg("This high quality voice runs without a GPU."), kwarg("voice", "expr-voice-5-m")])}
sf.write(${"output.wav"}, audio, ${24000})`),
];

/** MARS5 clones the voice of a 2 to 12 second reference; it outputs 24 kHz audio. */
export const mars5Tts: LibraryGenerator = (view) => [
  pythonSnippet(python`${comment("run in a clone of https://github.com/Camb-ai/MARS5-TTS")}
import librosa
import soundfile as sf
import torch
from inference import InferenceConfig, Mars5TTS

${call("mars5 = Mars5TTS.from_pretrained(", [arg(view.id)])}

reference = torch.from_numpy(librosa.load(${"reference.wav"}, sr=mars5.sr)[0])
${assign("transcript =", "What the reference recording says.")}
${call("config = InferenceConfig(", [kwarg("deep_clone", true), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)])}
${call("_, audio = mars5.tts(", [arg("The quick brown rat."), arg(ref("reference")), arg(ref("transcript")), kwarg("cfg", ref("config"))])}
sf.write(${"speech.wav"}, audio.numpy(), ${24000})`),
];

/**
 * Pocket TTS loads kyutai/pocket-tts itself (it takes no repository id) and writes 24 kHz audio at `sample_rate`.
 * A built-in voice name ("alba") loads a stored voice state; an audio prompt needs the voice-cloning weights, which
 * are gated (get_state_for_audio_prompt raises VOICE_CLONING_UNSUPPORTED without them).
 */
export const pocketTts: LibraryGenerator = (view) => {
  if (view.id.toLowerCase() !== "kyutai/pocket-tts") return downloadOnly("https://github.com/kyutai-labs/pocket-tts")(view);
  return [
    pythonSnippet(python`import scipy.io.wavfile
from pocket_tts import TTSModel

${comment("load_model() downloads the kyutai/pocket-tts weights from the Hub")}
model = TTSModel.load_model()
${comment("a built-in voice; a .wav path or hf:// URL clones a voice instead, which needs the")}
${comment("kyutai/pocket-tts terms accepted on the Hub and a login (hf auth login)")}
voice = model.get_state_for_audio_prompt(${"alba"})
audio = model.generate_audio(voice, ${"Hello world, this is Pocket TTS."})
scipy.io.wavfile.write(${"output.wav"}, model.sample_rate, audio.numpy())`),
  ];
};

/** Supertonic loads its ONNX files from a folder: the repository's, downloaded first. */
export const supertonic: LibraryGenerator = (view) => [
  pythonSnippet(python`from huggingface_hub import snapshot_download
from supertonic import TTS

${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
tts = TTS(model_dir=path, auto_download=False)

style = tts.get_voice_style(${"M1"})
${call("wav, duration = tts.synthesize(", [arg("Hello! This voice was made on your own device."), kwarg("voice_style", ref("style"))])}
tts.save_audio(wav, ${"speech.wav"})  ${comment("at the model's sample rate")}`),
];

/**
 * VoiceCraft loads from a clone of its repository (models/voicecraft.py), into the environment its README pins
 * (Python 3.9, torch 2.0.1, audiocraft at a commit: the registry row's command); cloning a voice takes a prompt
 * recording, its transcript and a Montreal Forced Aligner alignment (tts_demo.py), so the snippet stops at the model.
 */
export const voicecraft: LibraryGenerator = (view) => [
  pythonSnippet(python`${comment("run from the VoiceCraft clone, in the Python 3.9 environment its README sets up")}
from models import voicecraft

${call("model = voicecraft.VoiceCraft.from_pretrained(", [arg(view.id)])}
${comment("its inference_tts_scale.inference_one_sample clones a voice from a prompt")}
print(model.args)`),
];

/** VoxCPM writes audio at its model's rate: 48 kHz (VoxCPM2), 44.1 kHz (VoxCPM1.5) or 16 kHz (VoxCPM-0.5B). */
export const voxcpm: LibraryGenerator = (view) => [
  pythonSnippet(python`import soundfile as sf
from voxcpm import VoxCPM

${call("model = VoxCPM.from_pretrained(", [arg(view.id), kwarg("load_denoiser", false)])}

${call("wav = model.generate(", [kwarg("text", "VoxCPM turns text into natural, expressive speech."), kwarg("cfg_value", ref("2.0")), kwarg("inference_timesteps", 10)])}
sf.write(${"speech.wav"}, wav, model.tts_model.sample_rate)`),
];

/**
 * Vui's Engine loads its default checkpoint from fluxions/vui; an official voice prompt, baked for that checkpoint
 * (load_official_prompt(voice, checkpoint=engine.checkpoint)), sets the speaker and the conditioning bias. Audio is
 * 24 kHz (qwen_codec.SAMPLE_RATE). The registry's line installs vui with uv sync into the clone's own .venv, which
 * `uv run` uses; Engine() needs CUDA, or falls back to its MLX engine on Apple Silicon.
 */
export const vui: LibraryGenerator = (view) => {
  if (view.id !== "fluxions/vui") return downloadOnly("https://github.com/fluxions-ai/vui")(view);
  return [
    pythonSnippet(python`${comment("run in the vui clone with uv run (uv sync installs vui, soundfile and huggingface-hub into")}
${comment("the clone's .venv); the Engine needs an NVIDIA GPU (CUDA) or Apple Silicon (MLX)")}
import soundfile as sf
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

/**
 * Zonos clones a voice from a short recording; its autoencoder decodes to 44.1 kHz, shaped (batch, 1, samples).
 * Audio is read and written with soundfile (a Zonos dependency): torchaudio.load and save go through TorchCodec
 * since torchaudio 2.9, which neither Zonos nor torchaudio installs and which needs FFmpeg. The speaker embedding
 * takes a (channels, samples) tensor.
 */
export const zonos: LibraryGenerator = (view) => [
  pythonSnippet(python`${comment("Zonos phonemizes with eSpeak: apt install espeak-ng (or brew install espeak-ng)")}
import soundfile as sf
import torch
from zonos.conditioning import make_cond_dict
from zonos.model import Zonos

${call("model = Zonos.from_pretrained(", [arg(view.id), kwarg("device", "cuda")])}

${comment("a few seconds of the voice, as (channels, samples)")}
data, sampling_rate = sf.read(${"speaker.wav"}, dtype=${"float32"}, always_2d=True)
speaker = model.make_speaker_embedding(torch.from_numpy(data.T), sampling_rate)
${call("cond_dict = make_cond_dict(", [kwarg("text", "Hello, world!"), kwarg("speaker", ref("speaker")), kwarg("language", "en-us")])}
conditioning = model.prepare_conditioning(cond_dict)
${call("codes = model.generate(", [arg(ref("conditioning")), kwarg("sampling_params", { top_p: sampling.topP, temperature: sampling.temperature })])}
wavs = model.autoencoder.decode(codes).cpu()
sf.write(${"output.wav"}, wavs[0, 0].numpy(), model.autoencoder.sampling_rate)`),
];
