import type { CallInputs } from "../inference/snippets.js";
import type { FileKind } from "../catalogue/inference-kinds.js";
import { pythonString } from "../code/literals/python.js";
import { codeCell, markdownCell, type NotebookCell } from "./notebook.js";

type SampleFile = NonNullable<CallInputs["sampleFile"]>;

/*
 * The sample a notebook fetches for an inference call that sends a local file (sample.flac, image.jpg), so that Run
 * all has something to send: a public file of the Hub in the format the call names, saved under the name the code
 * reads. These are the samples @huggingface/tasks 0.21.54 itself points its snippets and widgets at. The cell goes
 * through huggingface_hub, so it follows HF_ENDPOINT like the rest of the notebook, and keeps a file of that name
 * the user already put there.
 */

interface SampleSource {
  /** A public dataset repository of the Hub. */
  repo: string;
  /** The file in it, in the format of the name the code reads (FLAC audio, a JPEG image). */
  file: string;
  /** What it holds, for the markdown cell. */
  what: string;
}

export const sampleSources: Readonly<Record<FileKind, SampleSource>> = {
  audio: { repo: "Narsil/asr_dummy", file: "mlk.flac", what: "a short speech recording" },
  image: { repo: "huggingface/documentation-images", file: "p-blog/candy.JPG", what: "a photo of sweets" },
};

/** What the notebook does about the file its calls send, for a face to say beside it. */
export function sampleInputNote(sample: SampleFile): string {
  const source = sampleSources[sample.kind];
  return `the notebook saves a public sample as ${sample.name} (${source.file} of the Hub's ${source.repo}) unless a file of that name is beside it`;
}

/** The markdown and code cells that fetch the sample the calls send, or none when they send no file. */
export function sampleInputCells(reads: CallInputs | undefined): NotebookCell[] {
  const sample = reads?.sampleFile;
  if (sample === undefined) return [];
  const source = sampleSources[sample.kind];
  const page = `https://huggingface.co/datasets/${source.repo}`;
  const about =
    `## Sample input\n\nThe calls below send **${sample.name}** from the working folder. This cell saves ${source.what} from ` +
    `the Hub under that name (**${source.file}** of [${source.repo}](${page})), unless a file of that name is already there.`;
  const name = pythonString(sample.name);
  const code = [
    "import os",
    "import shutil",
    "",
    "from huggingface_hub import hf_hub_download",
    "",
    `if not os.path.exists(${name}):`,
    "    sample = hf_hub_download(",
    `        ${pythonString(source.repo)},`,
    `        ${pythonString(source.file)},`,
    '        repo_type="dataset",',
    "    )",
    `    shutil.copy(sample, ${name})`,
    "",
  ].join("\n");
  return [markdownCell("sample-input-about", about), codeCell("sample-input", code)];
}
