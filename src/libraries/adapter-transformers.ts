import { asModelId } from "../model/model-id.js";
import type { RecordView } from "../model/view.js";
import { configValue, widgetText } from "./record-fields.js";
import { arg, assign, call, comment, kwarg, python, ref } from "./python-code.js";
import { fallbackNotes, pythonSnippet, type LibraryGenerator } from "./types.js";

/*
 * Adapters (formerly adapter-transformers): an adapter repository holds the adapter and its prediction head,
 * not the model it was trained on. The snippet loads that base model with AutoAdapterModel, adds the adapter
 * on top and runs it on one input of the adapter's task.
 */

/** The base model: the adapter config's `model_name`, else the model card's (when it names exactly one). */
function baseModelOf(view: RecordView): string | undefined {
  const cardBase = view.record.cardData?.base_model;
  const fromCard = Array.isArray(cardBase) ? (cardBase.length === 1 ? cardBase[0] : undefined) : cardBase;
  return asModelId(configValue(view, "adapter_transformers", "model_name")) ?? asModelId(fromCard);
}

/** One input of the adapter's task and the lines that run the model on it and print the result. */
function usageFor(view: RecordView): string {
  if (view.record.pipeline_tag === "question-answering") {
    return python`${call("inputs = tokenizer(", [arg("Where do penguins live?"), arg("Most penguins live in the Southern Hemisphere."), kwarg("return_tensors", "pt")])}
outputs = model(**inputs)
start, end = outputs.start_logits.argmax(), outputs.end_logits.argmax()
print(tokenizer.decode(inputs[${"input_ids"}][0][start : end + 1]))`;
  }
  if (view.record.pipeline_tag === "text-classification" || view.record.pipeline_tag === "token-classification") {
    return python`${call("inputs = tokenizer(", [arg(widgetText(view, "This film was a delight from start to finish.")), kwarg("return_tensors", "pt")])}
outputs = model(**inputs)
print(outputs.logits.argmax(dim=-1))`;
  }
  return "print(model.adapter_summary())";
}

export const adapterTransformers: LibraryGenerator = (view) => {
  const base = baseModelOf(view);
  const note = base ? "" : `${comment(fallbackNotes.noBaseModel).text}\n`;
  const baseId = base ?? "FacebookAI/roberta-base";
  return [
    pythonSnippet(python`from adapters import AutoAdapterModel
from transformers import AutoTokenizer

${ref(note)}${assign("base_model =", baseId)}
model = AutoAdapterModel.from_pretrained(base_model)
tokenizer = AutoTokenizer.from_pretrained(base_model)
${call("model.load_adapter(", [arg(view.id), kwarg("set_active", true)])}

${ref(usageFor(view))}`),
  ];
};
