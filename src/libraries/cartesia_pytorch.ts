import type { RecordView } from "../model/view.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { repoName } from "./record-fields.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * cartesia-pytorch: Cartesia's Rene (hybrid Mamba-2) and Llamba (distilled from Llama) language models, on CUDA.
 * Neither repository ships a tokenizer: Rene reads OLMo's, a Llamba model that of the Llama it was distilled from.
 */

const families = {
  rene: { module: "cartesia_pytorch.Rene.rene", name: "ReneLMHeadModel" },
  llamba: { module: "cartesia_pytorch.Llamba.llamba", name: "LlambaLMHeadModel" },
} as const;

const llambaTokenizers: Readonly<Record<string, string>> = {
  "1b": "meta-llama/Llama-3.2-1B",
  "3b": "meta-llama/Llama-3.2-3B",
  "8b": "meta-llama/Llama-3.1-8B",
};

function tokenizerOf(view: RecordView, llamba: boolean): string {
  if (!llamba) return "allenai/OLMo-1B-hf";
  const size = repoName(view)
    .toLowerCase()
    .match(/(\d+b)/)?.[1];
  return (size !== undefined && Object.hasOwn(llambaTokenizers, size) ? llambaTokenizers[size] : undefined) ?? "meta-llama/Llama-3.2-1B";
}

export const cartesiaPytorch: LibraryGenerator = (view) => {
  const llamba = repoName(view).toLowerCase().includes("llamba");
  const family = llamba ? families.llamba : families.rene;
  return [
    pythonSnippet(python`from ${ref(family.module)} import ${ref(family.name)}
from transformers import AutoTokenizer

${call(`model = ${family.name}.from_pretrained(`, [arg(view.id)])}
model = model.half().cuda()
${call("tokenizer = AutoTokenizer.from_pretrained(", [arg(tokenizerOf(view, llamba))])}

input_ids = tokenizer(${"Rene Descartes was"}, return_tensors=${"pt"}).input_ids.cuda()
${call("output = model.generate(", [arg(ref("input_ids")), kwarg("max_length", 50), kwarg("top_k", 0), kwarg("top_p", 0.99), kwarg("temperature", 0.85)])}
print(tokenizer.decode(output[0], skip_special_tokens=True))`),
  ];
};
