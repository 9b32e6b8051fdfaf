import { isModelGguf, splitModelKey } from "../../model/gguf.js";
import type { ModelRecord } from "../../model/record.js";
import { siblingFiles } from "../../model/siblings.js";
import { chooseGgufQuant } from "../gguf-choice.js";
import { runnableGgufFile } from "../gguf-files.js";
import { ggufLoaders } from "../gguf-loaders.js";
import { call, kwarg, python } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * llama-cpp-python: `Llama.from_pretrained` downloads a GGUF file of a Hub repository (and the other parts of a split
 * one, given as additional_files) and loads it. The quantization is the one llama.cpp runs, by the same rule and the
 * same row of what it loads (gguf-loaders.ts); without a file list, a glob pattern, which from_pretrained matches
 * against the repository's files.
 */

const fallbackPattern = "*Q4_K_M.gguf";

/** The file to name, and the other parts of its split file: the chosen quantization's, else a whole file, else a split part, else the glob. */
export function ggufFiles(model: ModelRecord): { filename: string; additional: string[] } {
  const { files } = chooseGgufQuant(model, { loader: ggufLoaders["llama-cpp-python"] });
  const [first, ...rest] = files;
  if (first !== undefined) return { filename: first, additional: rest };
  const fallback = runnableGgufFile(model, undefined);
  if (fallback === undefined) return { filename: fallbackPattern, additional: [] };
  const parts = siblingFiles(model).filter((file) => isModelGguf(file) && file !== fallback && splitModelKey(file) === splitModelKey(fallback));
  return { filename: fallback, additional: parts.sort() };
}

export const llamaCppPython: LibraryGenerator = (model) => {
  const { filename, additional } = ggufFiles(model);
  const files = [kwarg("repo_id", model.id), kwarg("filename", filename), ...(additional.length > 0 ? [kwarg("additional_files", additional)] : [])];
  return [
    pythonSnippet(python`from llama_cpp import Llama

${call("llm = Llama.from_pretrained(", files)}

${call("response = llm.create_chat_completion(", [
  kwarg("messages", [{ role: "user", content: "Explain in one sentence what a GGUF file is." }]),
])}
print(response["choices"][0]["message"]["content"])`),
  ];
};
