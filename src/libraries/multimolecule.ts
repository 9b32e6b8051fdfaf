import type { RecordView } from "../model/view.js";
import { widgetText } from "./record-fields.js";
import { arg, call, kwarg, python, ref } from "./python-code.js";
import { pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * MultiMolecule: biological sequence models (RNA, DNA, protein) in transformers' format. Importing the
 * library's tokenizer registers its models with transformers, so pipelines and Auto classes load them by id.
 */

interface Alphabet {
  tokenizer: string;
  /** An example sequence, with and without a mask token. */
  masked: string;
  plain: string;
}

const alphabets: Readonly<Record<"rna" | "dna" | "protein", Alphabet>> = {
  rna: { tokenizer: "RnaTokenizer", masked: "UAGC<mask>UAUCAGACUGAUGUUGA", plain: "UAGCUUAUCAGACUGAUGUUGA" },
  dna: { tokenizer: "DnaTokenizer", masked: "ATCG<mask>TCGATCGATCGATCG", plain: "ATCGATCGATCGATCGATCG" },
  protein: { tokenizer: "ProteinTokenizer", masked: "MVLSPADKTNVKAAW<mask>KVGAHAGEYGAEALER", plain: "MVLSPADKTNVKAAWGKVGAHAGEYGAEALER" },
};

/** The molecule the model reads, from its tags (RNA unless the tags say DNA or protein). */
function alphabetOf(view: RecordView): Alphabet {
  const tags = view.record.tags.map((tag) => tag.toLowerCase());
  if (tags.includes("protein")) return alphabets.protein;
  if (tags.includes("dna")) return alphabets.dna;
  return alphabets.rna;
}

function usage(view: RecordView, alphabet: Alphabet): string {
  if (view.record.pipeline_tag === "fill-mask") {
    return python`${call("predictor = pipeline(", [arg("fill-mask"), kwarg("model", view.id), kwarg("tokenizer", ref("tokenizer"))])}
print(predictor(${widgetText(view, alphabet.masked)}))`;
  }
  if (view.record.pipeline_tag === "text-generation") {
    return python`${call("generator = pipeline(", [arg("text-generation"), kwarg("model", view.id), kwarg("tokenizer", ref("tokenizer"))])}
print(generator(${alphabet.plain}, max_new_tokens=50))`;
  }
  return python`${call("model = AutoModel.from_pretrained(", [arg(view.id)])}
output = model(**tokenizer(${alphabet.plain}, return_tensors=${"pt"}))
print(output.keys())`;
}

export const multimolecule: LibraryGenerator = (view) => {
  const alphabet = alphabetOf(view);
  const usesPipeline = view.record.pipeline_tag === "fill-mask" || view.record.pipeline_tag === "text-generation";
  return [
    pythonSnippet(python`from multimolecule import ${ref(alphabet.tokenizer)}
from transformers import ${ref(usesPipeline ? "pipeline" : "AutoModel")}

${call(`tokenizer = ${alphabet.tokenizer}.from_pretrained(`, [arg(view.id)])}
${ref(usage(view, alphabet))}`),
  ];
};
