import type { ModelRecord } from "../../model/record.js";
import { call, kwarg, python } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";
import { chooseGgufQuant } from "../gguf-choice.js";
import { runnableGgufFile } from "../gguf-files.js";

/*
 * llama-cpp-python: `Llama.from_pretrained` downloads one GGUF file of a Hub repository and loads it. The file
 * is picked from the record's file list as the local apps pick their quant (Q4_K_M when there is one, else the
 * nearest smaller one); without a list, a glob pattern, which from_pretrained matches against the repository's files.
 */

const fallbackPattern = "*Q4_K_M.gguf";

/** The file to load: the chosen quant's one file; else a whole (unsplit) GGUF file, else a split part; else the glob. */
export function ggufFile(model: ModelRecord): string {
  return runnableGgufFile(model, chooseGgufQuant(model).file) ?? fallbackPattern;
}

export const llamaCppPython: LibraryGenerator = (model) => [
  pythonSnippet(python`from llama_cpp import Llama

${call("llm = Llama.from_pretrained(", [kwarg("repo_id", model.id), kwarg("filename", ggufFile(model))])}

${call("response = llm.create_chat_completion(", [
  kwarg("messages", [{ role: "user", content: "Explain in one sentence what a GGUF file is." }]),
])}
print(response["choices"][0]["message"]["content"])`),
];
