import type { RecordView } from "../model/view.js";
import { installCommand } from "../code/install.js";
import { arg, call, comment, python } from "./python-code.js";
import { shell } from "./shell-code.js";
import { pythonSnippet, shellSnippet, type LibraryGenerator, type LibrarySnippet } from "./types.js";

/*
 * Kyutai's moshi library serves its models from the command line: a speech-to-text repository transcribes a
 * file (moshi.run_inference), a dialogue model (Moshi) runs behind a local web UI (moshi.server). MLX builds
 * run through moshi_mlx (PyPI moshi-mlx, its own package: the moshi of the registry row is the PyPI one) with the
 * quantization their name carries; Candle builds are for the Rust server. Every
 * PyTorch repository bundles the Mimi codec, which the Python API loads from the repository.
 */

type Backend = "pytorch" | "mlx" | "candle";

function backendOf(view: RecordView): Backend {
  const id = view.id.toLowerCase();
  if (id.includes("candle")) return "candle";
  return id.includes("mlx") || view.record.tags.includes("mlx") ? "mlx" : "pytorch";
}

/** The -q flag moshi_mlx needs for a quantized MLX build (q4, q8 in the repository name); none for bf16. */
function mlxQuantization(view: RecordView): string {
  const bits = /-q(4|8)(?![0-9])/i.exec(view.id)?.[1];
  return bits ? ` -q ${bits}` : "";
}

/** Mimi, the codec every PyTorch repository ships: encode one second of audio to tokens and back. */
function mimiRoundTrip(view: RecordView): LibrarySnippet {
  return pythonSnippet(python`import torch
from moshi.models import loaders

${call("checkpoint = loaders.CheckpointInfo.from_hf_repo(", [arg(view.id)])}
mimi = checkpoint.get_mimi(device=${"cpu"})

${comment("one second of 24 kHz audio, shaped (batch, channels, samples)")}
wav = torch.randn(1, 1, ${24000})
with torch.no_grad():
    codes = mimi.encode(wav)
    decoded = mimi.decode(codes)
print(codes.shape, decoded.shape)`);
}

export const moshi: LibraryGenerator = (view) => {
  const backend = backendOf(view);
  const task = view.record.pipeline_tag;
  if (backend === "candle") {
    const config = /q8/i.test(view.id) ? "config-q8.json" : "config.json";
    return [
      shellSnippet(`${shell`hf download ${view.id}`}
# Candle weights, for the Rust server of https://github.com/kyutai-labs/moshi: with
# this repository as "hf_repo" in moshi-backend/${config}, from its rust/ folder:
cargo run --features cuda --bin moshi-backend -r -- --config moshi-backend/${config} standalone`),
    ];
  }
  if (backend === "mlx") {
    // moshi-mlx depends on huggingface-hub, which downloads the repository's files.
    const install = installCommand("pip", ["moshi-mlx"]);
    const content =
      task === "automatic-speech-recognition"
        ? `# audio.wav: the recording to transcribe\n${shell`python -m moshi_mlx.run_inference --hf-repo ${view.id} audio.wav`}`
        : `${shell`python -m moshi_mlx.local_web --hf-repo ${view.id}`}${mlxQuantization(view)}\n# then talk to the model at http://localhost:8998`;
    return [{ ...shellSnippet(content), install }];
  }
  if (task === "automatic-speech-recognition") {
    return [shellSnippet(`# audio.wav: the recording to transcribe\n${shell`python -m moshi.run_inference --hf-repo ${view.id} audio.wav`}`)];
  }
  if (task === "text-to-speech") {
    return [
      pythonSnippet(`${comment("text-to-speech scripts: https://github.com/kyutai-labs/delayed-streams-modeling").text}\n${mimiRoundTrip(view).content}`),
    ];
  }
  return [shellSnippet(`${shell`python -m moshi.server --hf-repo ${view.id}`}\n# then talk to the model at http://localhost:8998`), mimiRoundTrip(view)];
};
