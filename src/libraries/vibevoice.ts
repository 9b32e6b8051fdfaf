import { downloadOnly } from "./download-only.js";
import { repoName } from "./record-fields.js";
import { code, shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * VibeVoice is run from its repository (installed in editable mode) with the demo scripts that load a model by
 * its Hub id: the streaming text-to-speech model (VibeVoice-Realtime) and the speech recognition model
 * (VibeVoice-ASR). Microsoft removed the code of the long-form text-to-speech models from the repository, so
 * for those only the files are downloaded. The ASR script's default attention has changed between commits
 * (flash_attention_2 at 040152e, which needs flash-attn, not among VibeVoice's dependencies; later an automatic
 * choice): the snippet passes --attn_implementation sdpa, which runs on either; the realtime script falls back to
 * SDPA by itself.
 */

const clone = code("git clone https://github.com/microsoft/VibeVoice.git");

export const vibevoice: LibraryGenerator = (view) => {
  const name = repoName(view);
  if (view.record.pipeline_tag === "automatic-speech-recognition" || /asr/i.test(name)) {
    return [
      shellSnippet(shell`${clone}
pip install -e ./VibeVoice
# prints the transcript, with speakers and timestamps; --attn_implementation sdpa runs
# PyTorch's own attention, which needs no flash-attn (not a VibeVoice dependency)
python VibeVoice/demo/vibevoice_asr_inference_from_file.py --model_path ${view.id} \\
  --audio_files audio.wav --attn_implementation sdpa`),
    ];
  }
  if (/realtime|streaming/i.test(name)) {
    return [
      shellSnippet(shell`${clone}
pip install -e './VibeVoice[streamingtts]'
# writes outputs/1p_vibevoice_generated.wav (24 kHz)
python VibeVoice/demo/realtime_model_inference_from_file.py --model_path ${view.id} \\
  --txt_path VibeVoice/demo/text_examples/1p_vibevoice.txt --speaker_name Carter`),
    ];
  }
  return downloadOnly("https://github.com/microsoft/VibeVoice")(view);
};
