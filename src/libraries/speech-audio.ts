// Speech and audio toolkits: recognition (ESPnet, NeMo, OpenASR), separation, music generation and watermarking.
import { downloadOnly, downloadOnlySnippet } from "./download-only.js";
import { loadWith } from "./from-pretrained.js";
import { arg, call, comment, kwarg, python, ref } from "./python-code.js";
import { hasTag, pickFile, repoName } from "./record-fields.js";
import { sampling } from "./sampling.js";
import { installCommand } from "../code/install.js";
import { installOfLibrary } from "./library-installs.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator } from "./types.js";

export const asteroid: LibraryGenerator = loadWith({
  module: "asteroid.models",
  name: "BaseModel",
  method: "from_pretrained",
  usage: () => python`${comment("writes one file per source at the model's sample rate: mixture_est1.wav, ...")}
model.separate(${"mixture.wav"}, force_overwrite=True)`,
});

/** Audiocraft's model families, by a word of the repository name; MusicGen is the default. */
const audiocraftFamilies = [
  { pattern: /magnet/i, name: "MAGNeT", prompt: "80s pop track with bassy drums and synth", autoregressive: false },
  { pattern: /audiogen/i, name: "AudioGen", prompt: "dog barking while a car drives by", autoregressive: true },
  { pattern: /./, name: "MusicGen", prompt: "lo-fi hip hop beat with mellow piano chords", autoregressive: true },
] as const;

export const audiocraft: LibraryGenerator = (view) => {
  const family = audiocraftFamilies.find((candidate) => candidate.pattern.test(repoName(view))) ?? audiocraftFamilies[2];
  // MusicGen and AudioGen take a duration and the sampler's top_p and temperature. MAGNeT's set_generation_params
  // has no duration (its length is the config's segment_duration) and its temperature is the start of an annealing
  // schedule (default 3.0): its defaults are kept.
  const generation = family.autoregressive
    ? call("model.set_generation_params(", [kwarg("duration", 8), kwarg("top_p", sampling.topP), kwarg("temperature", sampling.temperature)])
    : comment("MAGNeT generates the fixed length its config was trained on (10 or 30 seconds)");
  return [
    pythonSnippet(python`from audiocraft.data.audio import audio_write
from audiocraft.models import ${ref(family.name)}

${call(`model = ${family.name}.get_pretrained(`, [arg(view.id)])}
${generation}
wav = model.generate([${family.prompt}])
audio_write(${"output"}, wav[0].cpu(), model.sample_rate, strategy=${"loudness"})`),
  ];
};

/** AudioSeal loads facebook/audioseal's generator and detector by the names of the cards it ships. */
export const audioseal: LibraryGenerator = (view) => {
  if (view.id.toLowerCase() !== "facebook/audioseal") return downloadOnly("https://github.com/facebookresearch/audioseal")(view);
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

/**
 * ESPnet loads a Hub repository by its id through espnet_model_zoo (a dependency of espnet). Since 202609 a bare
 * `pip install espnet` installs what inference needs in general; each task's own packages are extras: [tts]
 * (pyworld, g2p-en, espnet_tts_frontend...) and [asr] (pyproject.toml). A model with a self-supervised frontend
 * (frontend: s3prl in its config: WavLM, HuBERT, wav2vec 2.0) also needs espnet-s3prl, ESPnet's fork of s3prl, which
 * only the [s2st] extra pulls in (espnet2/asr/frontend/s3prl.py imports s3prl).
 */
export const espnet: LibraryGenerator = (view) => {
  if (hasTag(view, "text-to-speech")) {
    return [
      pythonSnippet(python`import soundfile as sf
from espnet2.bin.tts_inference import Text2Speech

${call("model = Text2Speech.from_pretrained(", [arg(view.id)])}
output = model(${"Hello, this sentence was spoken by ESPnet."})
sf.write(${"output.wav"}, output[${"wav"}].numpy(), model.fs)`),
    ];
  }
  if (!hasTag(view, "automatic-speech-recognition")) return [downloadOnlySnippet(view, "https://github.com/espnet/espnet")];
  const s3prl = /wavlm|hubert|wav2vec|s3prl/i.test(repoName(view));
  const snippet = pythonSnippet(python`import soundfile as sf
from espnet2.bin.asr_inference import Speech2Text

${ref(s3prl ? `${comment("its self-supervised frontend (S3PRL) comes from espnet-s3prl, ESPnet's fork of s3prl").text}\n` : "")}${call("model = Speech2Text.from_pretrained(", [arg(view.id)])}
speech, rate = sf.read(${"speech.wav"})
text, *_ = model(speech)[0]
print(text)`);
  if (!s3prl) return [snippet];
  return [{ ...snippet, install: installCommand("pip", [...(installOfLibrary("espnet")?.pip ?? []), "espnet-s3prl"]) }];
};

/** fairseq loads a Hub checkpoint as an ensemble and its task; text-to-speech models speak through TTSHubInterface. */
export const fairseq: LibraryGenerator = (view) => {
  const speech = view.record.pipeline_tag === "text-to-speech";
  const overrides = speech ? [kwarg("arg_overrides", { vocoder: "hifigan", fp16: false })] : [];
  const load = call("models, cfg, task = load_model_ensemble_and_task_from_hf_hub(", [arg(view.id), ...overrides]);
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

/** NeMo: ASR models transcribe a file; other models load through ModelPT, which builds the class saved in the .nemo file. */
export const nemo: LibraryGenerator = (view) => {
  if (view.record.pipeline_tag === "automatic-speech-recognition") {
    return [
      pythonSnippet(python`import nemo.collections.asr as nemo_asr

${call("asr_model = nemo_asr.models.ASRModel.from_pretrained(", [kwarg("model_name", view.id)])}
output = asr_model.transcribe([${"audio.wav"}])
print(output[0].text)`),
    ];
  }
  return [
    pythonSnippet(python`from nemo.core import ModelPT

${call("model = ModelPT.from_pretrained(", [kwarg("model_name", view.id)])}
model.eval()
print(type(model).__name__)`),
  ];
};

/**
 * OpenASR transcribes with a local .oasr pack (`--model-pack`), downloaded from the repository. The registry's line
 * builds the CLI in the clone it enters, where cargo leaves the binary at target/release/openasr (the README's quick
 * start runs it from there: nothing puts it on the PATH).
 */
export const openasr: LibraryGenerator = (view) => {
  const pack = pickFile(view, ".oasr");
  const note = pack ? "" : "# replace model.oasr with the name of the repository's .oasr pack\n";
  const download = pack
    ? shell`hf download ${view.id} ${pack} --local-dir openasr-packs`
    : shell`hf download ${view.id} --include '*.oasr' --local-dir openasr-packs`;
  return [
    shellSnippet(`# from the openasr clone the line builds: cargo puts the binary at target/release/openasr
${download}
${note}${shell`target/release/openasr transcribe audio.wav --model-pack openasr-packs/${pack ?? "model.oasr"}`}`),
  ];
};
