import type { RecordView } from "../model/view.js";
import { configValue, repoName } from "./record-fields.js";
import { call, comment, kwarg, python, ref } from "./python-code.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * SpeechBrain: config.json's `speechbrain.speechbrain_interface` names the inference class, which loads the
 * model with `from_hparams` and has one method for a file, matching the model's task. The class name written
 * into the code is always one of this table's; any other name only appears inside a comment.
 */

interface SpeechBrainInterface {
  name: string;
  /** Import lines the usage needs besides the interface. */
  imports?: string;
  /** Python lines that run the loaded `model` on audio files. */
  usage: string;
}

const classify = python`out_prob, score, index, label = model.classify_file(${"audio.wav"})
print(label)`;
const transcribe = python`print(model.transcribe_file(${"speech.wav"}))`;
// The interface writes the file at the sample rate of the model's output (16 kHz for the Voicebank models).
const enhance = python`model.enhance_file(${"noisy.wav"}, output_filename=${"enhanced.wav"})`;

const interfaces: readonly SpeechBrainInterface[] = [
  { name: "EncoderClassifier", usage: classify },
  { name: "AudioClassifier", usage: classify },
  { name: "EncoderDecoderASR", usage: transcribe },
  { name: "EncoderASR", usage: transcribe },
  { name: "WhisperASR", usage: transcribe },
  { name: "SpectralMaskEnhancement", usage: enhance },
  { name: "WaveformEnhancement", usage: enhance },
  {
    name: "SepformerSeparation",
    imports: "from speechbrain.dataio import audio_io",
    // Sources come out at the model's own rate (8 kHz or 16 kHz), which its hyperparameters hold. SpeechBrain's own
    // audio_io (soundfile) writes them: torchaudio.save needs TorchCodec from torchaudio 2.9 on.
    usage: python`sources = model.separate_file(${"mixture.wav"})
for index in range(sources.shape[2]):
    waveform = sources[:, :, index].detach().cpu()
    audio_io.save(f"source{index + 1}.wav", waveform, model.hparams.sample_rate)`,
  },
  {
    name: "SpeakerRecognition",
    usage: python`score, same_speaker = model.verify_files(${"speaker1.wav"}, ${"speaker2.wav"})
print(score, same_speaker)`,
  },
];

/** `<Class>.from_hparams(source=<id>, savedir=…)`, the model assigned to `model`. */
const fromHparams = (view: RecordView, className: string) =>
  call(`model = ${className}.from_hparams(`, [kwarg("source", view.id), kwarg("savedir", `pretrained_models/${repoName(view)}`)]);

export const speechbrain: LibraryGenerator = (view) => {
  const declared = configValue(view, "speechbrain", "speechbrain_interface");
  const known = interfaces.find((entry) => entry.name === declared);
  if (known) {
    return [
      pythonSnippet(python`${ref(known.imports ? `${known.imports}\n` : "")}from speechbrain.inference import ${ref(known.name)}

${fromHparams(view, known.name)}
${ref(known.usage)}`),
    ];
  }
  // No usable interface: load the model with the generic class, which gives its modules.
  const note =
    typeof declared === "string" && declared.trim() !== ""
      ? comment(`interface ${[...declared].slice(0, 60).join("")} is not covered here: see the model card for its use`)
      : comment(fallbackNotes.noInterface);
  return [
    pythonSnippet(python`from speechbrain.inference.interfaces import Pretrained

${note}
${fromHparams(view, "Pretrained")}
print(model.mods)`),
  ];
};
