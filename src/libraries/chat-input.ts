import { chatTemplateOf } from "../model/chat-template.js";
import type { RecordView } from "../model/view.js";
import { asDataValue, type DataValue } from "../values/data-value.js";

/*
 * What makes a library's example a chat: the model ships a chat template, and the example sends messages (the
 * widget's when the record has them). transformers' and transformers.js's text-generation pipelines both apply the
 * tokenizer's template to a list of messages, and neither can to plain text.
 */

/** Whether the repository ships a chat template its tokenizer reads (chat_template.jinja or tokenizer_config.json). */
export const hasChatTemplate = (view: RecordView): boolean => chatTemplateOf(view.record, { gguf: false }) !== undefined;

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
