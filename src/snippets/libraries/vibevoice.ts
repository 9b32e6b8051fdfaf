import { downloadOnly } from "./download-only.js";
import { repoName } from "./record-fields.js";
import { code, shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * VibeVoice is run from its repository (installed in editable mode) with the demo scripts that load a model by
 * its Hub id: the streaming text-to-speech model (VibeVoice-Realtime) and the speech recognition model
 * (VibeVoice-ASR). Microsoft removed the code of the long-form text-to-speech models from the repository, so
 * for those only the files are downloaded. The ASR script loads the model with flash_attention_2 unless told
 * otherwise (--attn_implementation), which needs flash-attn, not among VibeVoice's dependencies: the snippet asks
 * for SDPA; the realtime script falls back to SDPA by itself.
 */

const clone = code("git clone https://github.com/microsoft/VibeVoice.git");

export const vibevoice: LibraryGenerator = (model) => {
  const name = repoName(model);
  if (model.pipeline_tag === "automatic-speech-recognition" || /asr/i.test(name)) {
    return [
      shellSnippet(shell`${clone}
pip install -e ./VibeVoice
# prints the transcript, with speakers and timestamps; the script's default attention,
# flash_attention_2, needs flash-attn (pip install flash-attn --no-build-isolation)
python VibeVoice/demo/vibevoice_asr_inference_from_file.py --model_path ${model.id} \\
  --audio_files audio.wav --attn_implementation sdpa`),
    ];
  }
  if (/realtime|streaming/i.test(name)) {
    return [
      shellSnippet(shell`${clone}
pip install -e './VibeVoice[streamingtts]'
# writes outputs/1p_vibevoice_generated.wav (24 kHz)
python VibeVoice/demo/realtime_model_inference_from_file.py --model_path ${model.id} \\
  --txt_path VibeVoice/demo/text_examples/1p_vibevoice.txt --speaker_name Carter`),
    ];
  }
  return downloadOnly("https://github.com/microsoft/VibeVoice")(model);
};
