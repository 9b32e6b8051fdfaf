import type { RecordView } from "../model/view.js";
import { arg, call, comment, kwarg } from "./python-code.js";
import { widgetText } from "./record-fields.js";
import { importLine, own } from "./transformers.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * paddlenlp: the tokenizer and the model from paddlenlp.transformers, loaded from the Hub with `from_hf_hub=True`.
 * The model class is the one config.architectures names, else the Auto class of the pipeline tag, else AutoModel.
 */

/** PaddleNLP's Auto classes for the tasks whose head is clear from the pipeline tag. */
const classByTask: Readonly<Record<string, string>> = {
  "fill-mask": "AutoModelForMaskedLM",
  "text-classification": "AutoModelForSequenceClassification",
  "token-classification": "AutoModelForTokenClassification",
  "question-answering": "AutoModelForQuestionAnswering",
  "text-generation": "AutoModelForCausalLM",
  summarization: "AutoModelForConditionalGeneration",
};

/**
 * A class name from config.architectures, used only when it is a plain Python class name (a capitalised
 * identifier, not a constant such as None, not a tokenizer): anything else is not a model class to import.
 */
const className = /^[A-Z][A-Za-z0-9_]{0,99}$/;
const notModelClasses = new Set(["None", "True", "False"]);

function architectureOf(view: RecordView): string | undefined {
  const architectures = view.record.config?.architectures;
  const first: unknown = Array.isArray(architectures) ? architectures[0] : undefined;
  if (typeof first !== "string" || !className.test(first) || notModelClasses.has(first) || first.endsWith("Tokenizer")) return undefined;
  return first;
}

export const paddlenlpSnippets: LibraryGenerator = (view) => {
  const known = architectureOf(view) ?? own(classByTask, view.record.pipeline_tag);
  const modelClass = known ?? "AutoModel";
  const fromHub = kwarg("from_hf_hub", true);
  // PaddleNLP's tokenizers return lists of ids: each becomes a batch of one as a paddle tensor for the forward pass.
  const lines = [
    ...(known ? [] : [comment(fallbackNotes.unknownModelType).text]),
    "import paddle",
    importLine("paddlenlp.transformers", ["AutoTokenizer", modelClass].sort()),
    "",
    call("tokenizer = AutoTokenizer.from_pretrained(", [arg(view.id), fromHub]).text,
    call(`model = ${modelClass}.from_pretrained(`, [arg(view.id), fromHub]).text,
    "model.eval()",
    "",
    call("inputs = tokenizer(", [arg(widgetText(view, "百度飞桨是一个开源的深度学习平台。"))]).text,
    "inputs = {name: paddle.to_tensor([ids]) for name, ids in inputs.items()}",
    "with paddle.no_grad():",
    "    outputs = model(**inputs)",
    "print(outputs)",
  ];
  return [pythonSnippet(lines.join("\n"))];
};
