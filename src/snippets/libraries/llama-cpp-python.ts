import type { ModelRecord } from "../../model/record.js";
import { call, kwarg, python } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";
import { siblingFiles } from "./record-fields.js";

/*
 * llama-cpp-python: `Llama.from_pretrained` downloads one GGUF file of a Hub repository and loads it. The file
 * is picked from the record's file list (a Q4_K_M quantization when there is one, a good size-quality balance);
 * without a list, a glob pattern, which from_pretrained matches against the repository's files.
 */

const fallbackPattern = "*Q4_K_M.gguf";

/** The model's GGUF files: not the vision projectors (mmproj) that multimodal repositories ship beside them. */
function modelFiles(model: ModelRecord): string[] {
  return siblingFiles(model).filter((name) => {
    const base = name.slice(name.lastIndexOf("/") + 1).toLowerCase();
    return base.endsWith(".gguf") && !base.startsWith("mmproj");
  });
}

/** A part of a GGUF split in several files ("…-00001-of-00003.gguf"), which one file cannot load alone. */
const isSplitPart = (name: string) => /-\d{5}-of-\d{5}\.gguf$/i.test(name);

/** The file to load: a whole (unsplit) file before a split part; a Q4_K_M one if any, else the first; else the glob. */
export function ggufFile(model: ModelRecord): string {
  const all = modelFiles(model);
  const whole = all.filter((name) => !isSplitPart(name));
  const files = whole.length > 0 ? whole : all;
  return files.find((name) => name.toLowerCase().includes("q4_k_m")) ?? files[0] ?? fallbackPattern;
}

export const llamaCppPython: LibraryGenerator = (model) => [
  pythonSnippet(python`from llama_cpp import Llama

${call("llm = Llama.from_pretrained(", [kwarg("repo_id", model.id), kwarg("filename", ggufFile(model))])}

${call("response = llm.create_chat_completion(", [
  kwarg("messages", [{ role: "user", content: "Explain in one sentence what a GGUF file is." }]),
])}
print(response["choices"][0]["message"]["content"])`),
];
