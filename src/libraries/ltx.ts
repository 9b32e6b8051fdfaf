import type { RecordView } from "../model/view.js";
import { isLtx25, ltx25Snippets, ltxCli, splitFilesOf } from "./ltx-split.js";
import { ref } from "./python-code.js";
import { shell } from "./shell-code.js";
import { shellSnippet, type LibraryGenerator } from "./types.js";

/*
 * LTX-2 runs from a clone of its repository (a uv workspace). A repository holding a distilled checkpoint and a
 * spatial upscaler runs the fast distilled pipeline, with the Gemma text encoder it needs; an LTX-2.5 repository's
 * split files run the distilled and detailing pipelines (ltx-split.ts); any other LTX repository (LoRAs, other
 * checkpoints) is downloaded for one of the pipelines the README lists.
 */

const gemma = "google/gemma-3-12b-it-qat-q4_0-unquantized";
const prompt = "A red fox trots across a snowy meadow at dawn, its breath steaming in the cold air.";

/** The distilled checkpoint (bf16 before fp8, which needs other flags) and the x2 spatial upscaler, when listed. */
function distilledFiles(view: RecordView): { checkpoint: string; upscaler: string } | undefined {
  const weights = view.fileNames.filter((name) => name.endsWith(".safetensors") && !name.includes("/"));
  const distilled = weights.filter((name) => name.includes("distilled") && !name.includes("lora"));
  const checkpoint = distilled.find((name) => !name.includes("fp8")) ?? distilled[0];
  const upscalers = weights.filter((name) => name.includes("spatial-upscaler"));
  const upscaler = upscalers.find((name) => name.includes("x2")) ?? upscalers[0];
  return checkpoint && upscaler ? { checkpoint, upscaler } : undefined;
}

const clone = "git clone https://github.com/Lightricks/LTX-2.git\ncd LTX-2 || exit 1";

export const ltx: LibraryGenerator = (view) => {
  const ltx25 = isLtx25(view);
  // LTX-2.5's video VAE runs on NATTEN, an optional dependency group of the workspace (data/ltx-cli.json).
  const setup = ltx25 ? `${clone}\nuv sync --extra ${ltxCli().installExtra}` : `${clone}\nuv sync --frozen`;
  const split = ltx25 ? splitFilesOf(view) : undefined;
  if (split) return ltx25Snippets(view, split, setup, prompt);
  const files = ltx25 ? undefined : distilledFiles(view);
  if (!files) {
    return [
      shellSnippet(shell`${ref(setup)}
# load these weights with one of the pipelines listed in https://github.com/Lightricks/LTX-2#available-pipelines
hf download ${view.id} --local-dir models/ltx`),
    ];
  }
  return [
    shellSnippet(shell`${ref(setup)}
hf download ${view.id} ${files.checkpoint} ${files.upscaler} --local-dir models/ltx
hf download ${gemma} --local-dir models/gemma
uv run python -m ltx_pipelines.distilled \\
  --distilled-checkpoint-path ${`models/ltx/${files.checkpoint}`} \\
  --spatial-upsampler-path ${`models/ltx/${files.upscaler}`} \\
  --gemma-root models/gemma \\
  --output-path output.mp4 \\
  --prompt ${prompt}`),
  ];
};
