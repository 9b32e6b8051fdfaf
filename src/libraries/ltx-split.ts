import { readPackagedJson } from "../catalogue/read-json.js";
import type { RecordView } from "../model/view.js";
import { dataDir } from "../paths.js";
import { code, shell } from "./shell-code.js";
import { shellSnippet, type LibrarySnippet } from "./types.js";

/*
 * LTX-2.5 ships its weights split by component (a distilled transformer, a text encoder of Gemma 4 with its
 * projection, video and audio VAEs, latent upscalers), each in its folder, where LTX-2.3 ships one checkpoint and
 * reads Gemma from its own repository. The LTX-2 pipelines take the split files by path; the flags and the
 * install extra are the LTX-2 repository's own, read at one commit (data/ltx-cli.json), and
 * test/snippets/ltx-split.test.ts holds every flag written here to that reading.
 */

/** What data/ltx-cli.json holds: the LTX-2 CLI's flags per pipeline module, as read at a commit. */
export interface LtxCli {
  repository: string;
  commit: string;
  read: string;
  sources: string[];
  installExtra: string;
  pipelines: Record<string, { flags: string[]; choices: Record<string, string[]>; requiredTogether?: Record<string, string> }>;
  detailingLora: { repository: string; file: string; source: string };
}

let cli: LtxCli | undefined;
export const ltxCli = (): LtxCli => (cli ??= readPackagedJson<LtxCli>(`${dataDir}ltx-cli.json`));

/** LTX-2.5, as its id, a tag or its card's base model names it (`ltx-2.5`, `ltx_2.5`, `LTX2.5`). */
const ltx25Name = /ltx[-_]?2\.5/i;

export function isLtx25(view: RecordView): boolean {
  const { record } = view;
  const base = record.cardData?.["base_model"];
  const bases = Array.isArray(base) ? base : [base];
  return [record.id, ...record.tags, ...bases].some((name) => typeof name === "string" && ltx25Name.test(name));
}

/** The split files of an LTX-2.5 repository, by component; undefined when one the pipelines need is missing. */
export interface SplitFiles {
  transformer: string;
  textEncoder: string;
  videoVae: string;
  audioVae: string;
  spatialUpsampler: string;
  temporalUpsampler: string | undefined;
}

export function splitFilesOf(view: RecordView): SplitFiles | undefined {
  const weights = view.fileNames.filter((name) => name.endsWith(".safetensors"));
  const inFolder = (folder: string, word?: string) =>
    weights.filter(
      (name) =>
        name.startsWith(`${folder}/`) &&
        (word === undefined ||
          name
            .slice(folder.length + 1)
            .toLowerCase()
            .includes(word)),
    );
  // The distilled transformer in bf16 first: fp8 and NVFP4 files need a --quantization policy of their own.
  const transformers = inFolder("diffusion_models", "distilled").filter((name) => !name.toLowerCase().includes("lora"));
  const transformer = transformers.find((name) => !/fp8|fp4/i.test(name)) ?? transformers[0];
  const [textEncoder] = inFolder("text_encoders");
  const [videoVae] = inFolder("vae", "video");
  const [audioVae] = inFolder("vae", "audio");
  const spatial = inFolder("latent_upscale_models", "spatial");
  const spatialUpsampler = spatial.find((name) => name.includes("x2")) ?? spatial[0];
  const [temporalUpsampler] = inFolder("latent_upscale_models", "temporal");
  if (!transformer || !textEncoder || !videoVae || !audioVae || !spatialUpsampler) return undefined;
  return { transformer, textEncoder, videoVae, audioVae, spatialUpsampler, temporalUpsampler };
}

const local = (file: string) => `models/ltx/${file}`;

/** The flags that give a pipeline the split components, one per line. */
const componentFlags = (files: SplitFiles) =>
  code(
    [
      shell`  --transformer-path ${local(files.transformer)}`,
      shell`  --text-encoder-path ${local(files.textEncoder)}`,
      shell`  --video-vae-path ${local(files.videoVae)}`,
      shell`  --audio-vae-path ${local(files.audioVae)}`,
      shell`  --spatial-upsampler-path ${local(files.spatialUpsampler)}`,
    ].join(" \\\n"),
  );

/**
 * The distilled pipeline on the split files and, when the repository holds the temporal upscaler, the DFR pipeline
 * (Diffusion Fidelity Rendering) with the detailing IC-LoRA it requires: one x2 temporal round at the base size.
 */
export function ltx25Snippets(view: RecordView, files: SplitFiles, setup: string, prompt: string): LibrarySnippet[] {
  const { detailingLora } = ltxCli();
  const wanted = [
    files.transformer,
    files.textEncoder,
    files.videoVae,
    files.audioVae,
    files.spatialUpsampler,
    ...(files.temporalUpsampler ? [files.temporalUpsampler] : []),
  ];
  const download = code(wanted.map((file) => shell`${file}`).join(" "));
  const distilled = shell`${code(setup)}
hf download ${view.id} ${download} --local-dir models/ltx
# Fast: the distilled pipeline
uv run python -m ltx_pipelines.distilled \\
${componentFlags(files)} \\
  --num-frames 121 \\
  --output-path output.mp4 \\
  --prompt ${prompt}`;
  if (!files.temporalUpsampler) return [shellSnippet(distilled)];
  const detailingPath = `models/detailing/${detailingLora.file}`;
  return [
    shellSnippet(`${distilled}
${shell`# Higher detail: the DFR pipeline, with the detailing IC-LoRA (its strength is fixed at 0.5)
hf download ${detailingLora.repository} ${detailingLora.file} --local-dir models/detailing
uv run python -m ltx_pipelines.dfr_pipeline \\
${componentFlags(files)} \\
  --temporal-upsampler-path ${local(files.temporalUpsampler)} \\
  --detailing-lora ${detailingPath} \\
  --temporal-upscalings 1 \\
  --spatial-upscalings 1 \\
  --num-frames 121 \\
  --output-path output-detailed.mp4 \\
  --prompt ${prompt}`}`),
  ];
}
