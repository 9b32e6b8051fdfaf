import { arg, call, comment, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/** IndexTTS runs from a clone of its repository; each release has its own module and class. */
export const indexTts: LibraryGenerator = (view) => {
  const name = repoName(view).toLowerCase();
  const text = "Hello! This voice was cloned from a short recording.";
  const version = /2[._]5/.test(name) ? "2.5" : /tts-?2/.test(name) ? "2" : "1";
  const setup = {
    "2.5": python`from indextts.infer_v2_5 import IndexTTS2`,
    "2": python`from indextts.infer_v2 import IndexTTS2`,
    "1": python`from indextts.infer import IndexTTS`,
  }[version];
  const load =
    version === "1"
      ? python`tts = IndexTTS(model_dir=${"checkpoints"}, cfg_path=${"checkpoints/config.yaml"})`
      : python`tts = IndexTTS2(cfg_path=${"checkpoints/config.yaml"}, model_dir=${"checkpoints"})`;
  const infer =
    version === "1"
      ? call("tts.infer(", [arg("voice.wav"), arg(text), arg("speech.wav")])
      : call("tts.infer(", [
          kwarg("spk_audio_prompt", "voice.wav"),
          kwarg("text", text),
          ...(version === "2.5" ? [kwarg("lang", "EN")] : []),
          kwarg("output_path", "speech.wav"),
        ]);
  return [
    pythonSnippet(python`${comment("run in a clone of https://github.com/index-tts/index-tts (uv run)")}
from huggingface_hub import snapshot_download
${ref(setup)}

${call("snapshot_download(", [kwarg("repo_id", view.id), kwarg("local_dir", "checkpoints")])}
${ref(load)}

${comment("voice.wav: a few seconds of the voice to clone")}
${infer}`),
  ];
};
