import { call, comment, kwarg, python, ref, arg } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * TensorFlowTTS splits speech synthesis in two models: a text-to-mel model (Tacotron 2, FastSpeech,
 * FastSpeech 2), loaded with its text processor, and a vocoder (MelGAN, Multi-band MelGAN, HiFi-GAN, Parallel
 * WaveGAN) that turns mel spectrograms into audio. Which one a repository holds, and its inference signature,
 * follows from its name (tensorspeech/tts-<model>-<dataset>-<language>).
 * Its last release, 1.8, pins tensorflow-gpu==2.6.0, which provides the tensorflow module: the install line names
 * tensorflowtts alone (a second, unpinned tensorflow would write over the same module), and a comment says which
 * Pythons it installs on. Models load from the Hub as model.h5, config.yml and processor.json (tensorflow_tts.utils).
 */

/** A sentence in the language of the model's dataset, and whether its processor needs `inference=True` (Baker, Chinese). */
function sampleText(name: string): { text: string; inference: boolean } {
  if (/baker|-ch$/i.test(name)) return { text: "这是一个开源的端到端中文语音合成系统。", inference: true };
  if (/kss|-ko$/i.test(name)) return { text: "신은 우리의 수학 문제에는 관심이 없다.", inference: false };
  if (/thorsten|-ger?$/i.test(name)) return { text: "Das ist ein Beispiel für eine Sprachsynthese.", inference: false };
  if (/synpaflex|-fr$/i.test(name)) return { text: "Ceci est un exemple de synthèse vocale.", inference: false };
  return { text: "This is a demo of text to speech with TensorFlowTTS.", inference: false };
}

/** The inference call of each text-to-mel architecture, up to its closing parenthesis. */
function melInference(name: string): string | undefined {
  if (/tacotron/i.test(name)) {
    return `_, mel, _, _ = model.inference(
    input_ids=input_ids,
    input_lengths=tf.constant([input_ids.shape[1]]),
    speaker_ids=tf.constant([0]),
)`;
  }
  if (/fastspeech2/i.test(name)) {
    return `_, mel, _, _, _ = model.inference(
    input_ids=input_ids,
    speaker_ids=tf.constant([0]),
    speed_ratios=tf.constant([1.0]),
    f0_ratios=tf.constant([1.0]),
    energy_ratios=tf.constant([1.0]),
)`;
  }
  if (/fastspeech/i.test(name)) {
    return `_, mel, _ = model.inference(
    input_ids=input_ids,
    speaker_ids=tf.constant([0]),
    speed_ratios=tf.constant([1.0]),
)`;
  }
  return undefined;
}

export const tensorflowtts: LibraryGenerator = (view) => {
  const name = repoName(view);
  const inference = melInference(name);
  if (inference === undefined) {
    // A vocoder (or a repository of another kind): run it on a mel spectrogram of 80 bins.
    return [
      pythonSnippet(python`${comment("TensorFlowTTS 1.8 pins tensorflow-gpu==2.6.0 (wheels for Python 3.6 to 3.9, Linux and")}
${comment("Windows), which provides the tensorflow module: install it in such an environment")}
import tensorflow as tf
from tensorflow_tts.inference import TFAutoModel

${call("model = TFAutoModel.from_pretrained(", [arg(view.id)])}
${comment("a mel spectrogram (batch, frames, 80 bins) as TensorFlowTTS text-to-mel models output")}
mel = tf.random.normal([1, 200, 80])
audio = model.inference(mel)[0, :, 0]
print(audio.shape)`),
    ];
  }
  const { text, inference: chinese } = sampleText(name);
  return [
    pythonSnippet(python`${comment("TensorFlowTTS 1.8 pins tensorflow-gpu==2.6.0 (wheels for Python 3.6 to 3.9, Linux and")}
${comment("Windows), which provides the tensorflow module: install it in such an environment")}
import tensorflow as tf
from tensorflow_tts.inference import AutoProcessor, TFAutoModel

${call("processor = AutoProcessor.from_pretrained(", [arg(view.id)])}
${call("model = TFAutoModel.from_pretrained(", [arg(view.id)])}

${call("sequence = processor.text_to_sequence(", [arg(text), ...(chinese ? [kwarg("inference", true)] : [])])}
input_ids = tf.constant([sequence], dtype=tf.int32)
${ref(inference)}
${comment("a vocoder (e.g. tensorspeech/tts-mb_melgan-ljspeech-en) turns the mel into audio")}
print(mel.shape)`),
  ];
};
