import { arg, assign, call, kwarg, python, ref } from "./python-code.js";
import { sampling } from "./sampling.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Audio generators: each snippet writes a file at the rate the model outputs (Stable Audio: its config's
 * sample_rate, 44100 Hz; ChatTTS: 24000 Hz; Dia: 44100 Hz, written by Dia's own save_audio). Samplers take the
 * specification's top_p and temperature where the library's generate call accepts them.
 */

export const stableAudioTools: LibraryGenerator = (view) => [
  pythonSnippet(python`import soundfile as sf
from stable_audio_tools import get_pretrained_model
from stable_audio_tools.inference.generation import generate_diffusion_cond

${call("model, model_config = get_pretrained_model(", [arg(view.id)])}
model = model.to(${"cuda"})
${assign("conditioning =", [{ prompt: "128 BPM tech house drum loop", seconds_start: 0, seconds_total: 30 }])}
output = generate_diffusion_cond(
    model,
    conditioning=conditioning,
    sample_size=model_config["sample_size"],
    device=${"cuda"},
)
audio = output[0].float().clamp(-1, 1).cpu().numpy()
sf.write(${"output.wav"}, audio.T, model_config["sample_rate"])`),
];

/** ChatTTS fetches 2Noise/ChatTTS itself; another repository's files are downloaded, then loaded from their folder. */
export const chatTts: LibraryGenerator = (view) => {
  const own = view.id.toLowerCase() === "2noise/chattts";
  const load = own
    ? python`chat.load(source=${"huggingface"})`
    : python`${call("path = snapshot_download(", [kwarg("repo_id", view.id)])}
chat.load(source=${"custom"}, custom_path=path)`;
  const download = own ? "" : "from huggingface_hub import snapshot_download\n";
  return [
    pythonSnippet(python`import ChatTTS
import soundfile as sf
${ref(download)}
chat = ChatTTS.Chat()
${ref(load)}
${call("params = ChatTTS.Chat.InferCodeParams(", [kwarg("temperature", sampling.temperature), kwarg("top_P", sampling.topP)])}
wavs = chat.infer([${"Hello! This is ChatTTS speaking."}], params_infer_code=params)
sf.write(${"output.wav"}, wavs[0], ${24000})`),
  ];
};

export const diaTts: LibraryGenerator = (view) => [
  pythonSnippet(python`from dia.model import Dia

${call("model = Dia.from_pretrained(", [arg(view.id)])}
${assign("text =", "[S1] Dia turns a script into dialogue. [S2] With two voices? [S1] Yes! (laughs)")}
${call("audio = model.generate(", [arg(ref("text")), kwarg("temperature", sampling.temperature), kwarg("top_p", sampling.topP)])}
model.save_audio(${"output.wav"}, audio)`),
];
