import type { RecordView } from "../../model/view.js";
import { asDataValue, type DataValue } from "../../values/data-value.js";

/*
 * What makes a library's example a chat: the model ships a chat template, and the example sends messages (the
 * widget's when the record has them). transformers' and transformers.js's text-generation pipelines both apply the
 * tokenizer's template to a list of messages, and neither can to plain text.
 */

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A present, non-empty value. */
const present = (value: unknown): boolean =>
  value !== undefined && value !== null && value !== false && value !== "" && !(Array.isArray(value) && value.length === 0);

/** Whether the model ships a chat template (in its tokenizer config or as a chat_template.jinja file). */
export function hasChatTemplate(view: RecordView): boolean {
  const tokenizerConfig = view.record.config?.tokenizer_config;
  const inTokenizer = isObject(tokenizerConfig) && present(tokenizerConfig.chat_template);
  return inTokenizer || present(view.record.config?.chat_template_jinja);
}

const defaultChat: DataValue[] = [{ role: "user", content: "Who are you?" }];

/** The chat of the model's widget when it has one (and `widget` allows it), else one user message (with an image for vision models). */
export function chatMessages(view: RecordView, image?: string, widget = true): DataValue[] {
  const messages = widget ? asDataValue(view.record.widgetData?.[0]?.messages) : undefined;
  if (Array.isArray(messages) && messages.length > 0) return messages;
  if (image === undefined) return defaultChat;
  return [
    {
      role: "user",
      content: [
        { type: "image", url: image },
        { type: "text", text: "Describe this image in one sentence." },
      ],
    },
  ];
}
