import { ggufUseOf, isGgufLanguageModel } from "../model/formats.js";
import { isSplitPart, splitModelKey, splitPartNames, splitPartsGlob } from "../model/gguf.js";
import type { RecordView } from "../model/view.js";
import { embeddingText } from "../model/examples.js";
import { chooseAmongQuants } from "../weights/gguf-choice.js";
import { runnableAmong } from "../weights/gguf-files.js";
import { llamaCppPythonLoader } from "../weights/gguf-loaders.js";
import { arg, call, comment, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * llama-cpp-python: `Llama.from_pretrained` downloads a GGUF file of a Hub repository (and the other parts of a split
 * one, given as additional_files) and loads it. The quantization is the one llama.cpp runs, by the same rule and the
 * same row of what it loads (gguf-loaders.ts); without a file list, a glob pattern, which from_pretrained matches
 * against the repository's files.
 */

const fallbackPattern = "*Q4_K_M.gguf";

/**
 * The file to load, and the other parts of its split file by their numbering (the record may not list them all): the
 * chosen quantization's; else a whole file, else a split part; else the glob.
 */
export function ggufFiles(view: RecordView): { filename: string; additional: string[] } {
  const { gguf } = view;
  const [chosen] = chooseAmongQuants({ id: view.id, parameters: gguf.parameters }, gguf.quants, { loader: llamaCppPythonLoader }).files;
  const first = chosen ?? runnableAmong(gguf.modelFiles, undefined);
  if (first === undefined) return { filename: fallbackPattern, additional: [] };
  if (!isSplitPart(first)) return { filename: first, additional: [] };
  const listed = gguf.modelFiles.filter((file) => splitModelKey(file) === splitModelKey(first));
  const parts = [...new Set([...splitPartNames(first), ...listed])].sort();
  const [filename = first, ...additional] = parts;
  return { filename, additional };
}

const chat = (lead: string) => python`${ref(lead)}
${call("response = llm.create_chat_completion(", [kwarg("messages", [{ role: "user", content: "Explain in one sentence what a GGUF file is." }])])}
print(response["choices"][0]["message"]["content"])`;

/**
 * Parts in a folder: from_pretrained downloads each of additional_files under the folder a second time
 * (`filename=<path in the repository>, subfolder=<its folder>`, llama_cpp/llama.py), which the Hub answers 404; the
 * code downloads the parts with huggingface_hub and loads the first, from which llama.cpp finds the others.
 */
function fromFolder(view: RecordView, filename: string, write: (lead: string) => string, embedding: boolean): string {
  return write(python`import os

from huggingface_hub import snapshot_download
from llama_cpp import Llama

${comment("Download every part of the split file, then load the first: llama.cpp reads the others beside it")}
${call("folder = snapshot_download(", [kwarg("repo_id", view.id), kwarg("allow_patterns", [splitPartsGlob(filename)])])}
${call("model_path = os.path.join(", [arg(ref("folder")), arg(filename)])}
llm = Llama(model_path=model_path${ref(embedding ? ", embedding=True" : "")})
`);
}

/** A GGUF repository whose header says it holds no language model (a diffusion model's): nothing for llama.cpp to load. */
function notALanguageModel(view: RecordView): string {
  const header = view.record["gguf"];
  const architecture = header && typeof header === "object" ? (header as Record<string, unknown>)["architecture"] : undefined;
  const named = typeof architecture === "string" ? ` (architecture ${architecture})` : "";
  return python`${comment(`The GGUF header of ${view.id} gives no context length: it is not a language model${named},`)}
${comment("and llama-cpp-python loads language models only, as llama.cpp does; no loading code is written for it")}`;
}

/**
 * An embedding model's code: loaded in embedding mode (`Llama(..., embedding=True)`), its vector read with
 * create_embedding, as llama-cpp-python's high-level embedding example does.
 */
const embed = (lead: string) => python`${ref(lead)}
${call("response = llm.create_embedding(", [arg(embeddingText)])}
print(len(response["data"][0]["embedding"]))`;

/** A reranker: llama-cpp-python's high-level API writes chat, completions and embeddings, no ranking call. */
const noRanking = (view: RecordView) =>
  python`${comment(`${view.id} is a reranker: llama-cpp-python's high-level API has no ranking call, so no loading code is written;`)}
${comment("llama.cpp's server ranks with it (llama-server --reranking: snippet --app llama.cpp)")}`;

export const llamaCppPython: LibraryGenerator = (view) => {
  // The apps' rule of a GGUF language model (its header's context_length) decides here too. Not view.formats: a card
  // may name llama-cpp-python on a repository that lists no GGUF file, which the rule then reads as a GGUF one.
  if (!isGgufLanguageModel(view.record, true)) return [pythonSnippet(notALanguageModel(view))];
  const use = ggufUseOf(view.record.pipeline_tag);
  if (use === "reranking") return [pythonSnippet(noRanking(view))];
  const { filename, additional } = ggufFiles(view);
  const write = use === "embedding" ? embed : chat;
  if (additional.length > 0 && filename.includes("/")) return [pythonSnippet(fromFolder(view, filename, write, use === "embedding"))];
  const files = [
    kwarg("repo_id", view.id),
    kwarg("filename", filename),
    ...(additional.length > 0 ? [kwarg("additional_files", additional)] : []),
    ...(use === "embedding" ? [kwarg("embedding", true)] : []),
  ];
  return [
    pythonSnippet(
      write(python`from llama_cpp import Llama

${call("llm = Llama.from_pretrained(", files)}
`),
    ),
  ];
};
