import { describe, expect, it } from "vitest";
import { chatTemplateOf } from "../../src/model/chat-template.js";
import { isServedAsChat } from "../../src/model/chat-model.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { recordView } from "../../src/model/view.js";
import { hasChatTemplate } from "../../src/libraries/chat-input.js";
import { librarySnippetsOf } from "../../src/libraries/snippets.js";

/*
 * The chat template has one rule (src/model/chat-template.ts): whether a text model is served as chat, whether it
 * takes tools, and whether transformers' and transformers.js's code send it messages all read it.
 */

const template = "{% for message in messages %}{{ message.content }}{% endfor %}";
const model = (fields: Record<string, unknown>): ModelRecord =>
  ModelRecordSchema.parse({ id: "acme/tiny-lm", pipeline_tag: "text-generation", library_name: "transformers", tags: [], ...fields });

describe("a model's chat template", () => {
  it("is read from the GGUF header, chat_template.jinja, then the tokenizer config: the first that is not empty", () => {
    expect(chatTemplateOf(model({ config: { tokenizer_config: { chat_template: template } } }))).toBe(template);
    expect(chatTemplateOf(model({ config: { chat_template_jinja: "jinja", tokenizer_config: { chat_template: template } } }))).toBe("jinja");
    expect(chatTemplateOf(model({ gguf: { chat_template: "header" }, config: { chat_template_jinja: "jinja" } }))).toBe("header");
    expect(chatTemplateOf(model({ gguf: { chat_template: "" }, config: { tokenizer_config: { chat_template: template } } }))).toBe(template);
  });

  it("takes the first of a tokenizer config's named templates, and no empty or non-text value", () => {
    const named = [
      { name: "default", template },
      { name: "tool_use", template: "tools" },
    ];
    expect(chatTemplateOf(model({ config: { tokenizer_config: { chat_template: named } } }))).toBe(template);
    for (const value of ["", "  \n", false, null, 3, [], [{ name: "default" }]]) {
      expect(chatTemplateOf(model({ config: { tokenizer_config: { chat_template: value } } })), JSON.stringify(value)).toBeUndefined();
    }
  });

  it("leaves the GGUF header out for the readers of the repository's tokenizer (transformers, transformers.js)", () => {
    const ggufOnly = model({ gguf: { chat_template: template } });
    expect(chatTemplateOf(ggufOnly)).toBe(template);
    expect(chatTemplateOf(ggufOnly, { gguf: false })).toBeUndefined();
    expect(hasChatTemplate(recordView(ggufOnly))).toBe(false);
  });

  it("decides, the same way everywhere, that a text model is chat and that transformers' code sends it messages", () => {
    for (const [config, chat] of [
      [{ tokenizer_config: { chat_template: template } }, true],
      [{ chat_template_jinja: template }, true],
      [{ tokenizer_config: { chat_template: "" } }, false],
      [{ tokenizer_config: {} }, false],
    ] as const) {
      const record = model({ config });
      expect(isServedAsChat(record), JSON.stringify(config)).toBe(chat);
      expect(hasChatTemplate(recordView(record)), JSON.stringify(config)).toBe(chat);
      const code = librarySnippetsOf(recordView(record))[0]?.content ?? "";
      expect(code.includes("messages"), JSON.stringify(config)).toBe(chat);
    }
  });
});
