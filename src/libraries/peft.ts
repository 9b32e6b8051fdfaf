import { asModelId } from "../model/model-id.js";
import type { RecordView } from "../model/view.js";
import { arg, call, comment, kwarg, ref } from "./python-code.js";
import { widgetText } from "./record-fields.js";
import { importLine, isRecord, own } from "./transformers.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator } from "./types.js";
import { gatedBaseNote } from "../code/access-note.js";

/*
 * peft: an adapter's record carries its adapter_config.json as `config.peft`. The snippet loads the base model
 * with the transformers Auto class of the adapter's task type, then the adapter on top of it.
 */

/** PEFT's task types and the transformers class that loads a base model for each. */
const classByTaskType: Readonly<Record<string, string>> = {
  CAUSAL_LM: "AutoModelForCausalLM",
  SEQ_2_SEQ_LM: "AutoModelForSeq2SeqLM",
  SEQ_CLS: "AutoModelForSequenceClassification",
  TOKEN_CLS: "AutoModelForTokenClassification",
  QUESTION_ANS: "AutoModelForQuestionAnswering",
  FEATURE_EXTRACTION: "AutoModel",
};

/** The generative task types, and the text each example generates from. */
const promptByTaskType: Readonly<Record<string, string>> = {
  CAUSAL_LM: "Once upon a time,",
  SEQ_2_SEQ_LM: "Summarize: the meeting moved to Friday because the room was booked.",
};

/** Files AutoTokenizer loads a tokenizer from, at the root of a repository. */
const tokenizerFiles: ReadonlySet<string> = new Set(["tokenizer_config.json", "tokenizer.json"]);
const ownTokenizerNote = comment("The adapter ships its own tokenizer (and chat template): load it from the adapter's repository");

/** The base model: the adapter config's, else the model card's (when it names exactly one). */
function baseModelOf(view: RecordView, peft: Record<string, unknown>): string | undefined {
  const cardBase = view.record.cardData?.base_model;
  const fromCard = Array.isArray(cardBase) ? (cardBase.length === 1 ? cardBase[0] : undefined) : cardBase;
  return asModelId(peft.base_model_name_or_path) ?? asModelId(fromCard);
}

export const peftSnippets: LibraryGenerator = (view) => {
  const peft = isRecord(view.record.config?.peft) ? view.record.config.peft : {};
  const taskType = typeof peft.task_type === "string" ? peft.task_type : undefined;
  const taskClass = own(classByTaskType, taskType);
  const modelClass = taskClass ?? "AutoModel";
  const base = baseModelOf(view, peft);

  const lines: string[] = [];
  if (!base) lines.push(comment(fallbackNotes.noBaseModel).text);
  if (!taskClass) lines.push(comment(fallbackNotes.invalidTaskType).text);
  const prompt = own(promptByTaskType, taskType);
  const transformersNames = prompt === undefined ? [modelClass] : [modelClass, "AutoTokenizer"];
  lines.push(importLine("peft", base ? ["PeftModel"] : ["PeftConfig", "PeftModel"]), importLine("transformers", transformersNames), "");
  if (base) {
    const gated = gatedBaseNote(base);
    if (gated !== undefined) lines.push(comment(gated).text);
    lines.push(call(`base_model = ${modelClass}.from_pretrained(`, [arg(base), kwarg("dtype", "auto")]).text);
  } else {
    // The record does not say; the adapter's own config may, once downloaded.
    lines.push(
      call("config = PeftConfig.from_pretrained(", [arg(view.id)]).text,
      call(`base_model = ${modelClass}.from_pretrained(`, [arg(ref("config.base_model_name_or_path")), kwarg("dtype", "auto")]).text,
    );
  }
  lines.push(call("model = PeftModel.from_pretrained(", [arg(ref("base_model")), arg(view.id)]).text);
  if (prompt !== undefined) {
    // PeftModel.generate passes its keyword arguments to the base model's: the tokenizer is the base model's, unless
    // the adapter was trained with its own (a chat template, added tokens), which its repository then holds.
    const ownTokenizer = view.fileNames.some((file) => tokenizerFiles.has(file));
    const tokenizerSource = ownTokenizer ? arg(view.id) : base ? arg(base) : arg(ref("config.base_model_name_or_path"));
    lines.push(
      "",
      ...(ownTokenizer ? [ownTokenizerNote.text] : []),
      call("tokenizer = AutoTokenizer.from_pretrained(", [tokenizerSource]).text,
      call("inputs = tokenizer(", [arg(widgetText(view, prompt)), kwarg("return_tensors", "pt")]).text,
      "outputs = model.generate(**inputs, max_new_tokens=40)",
      "print(tokenizer.decode(outputs[0], skip_special_tokens=True))",
    );
  }
  return [pythonSnippet(lines.join("\n"))];
};
