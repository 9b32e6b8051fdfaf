import type { ModelRecord } from "./record.js";

const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const inner = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : undefined;
};

/** The chat template: the GGUF header's, else the repository's chat_template.jinja, else its tokenizer config's. */
export function chatTemplateOf(model: ModelRecord): string | undefined {
  const candidates = [
    objectAt(model, "gguf")?.["chat_template"],
    model.config?.["chat_template_jinja"],
    objectAt(model.config, "tokenizer_config")?.["chat_template"],
  ];
  const template = candidates.find((candidate) => candidate !== undefined && candidate !== null);
  if (typeof template === "string") return template;
  // A tokenizer config may hold several named templates: the first is the default.
  if (Array.isArray(template)) {
    const first: unknown = template[0];
    const text = typeof first === "object" && first !== null ? (first as Record<string, unknown>)["template"] : undefined;
    return typeof text === "string" ? text : undefined;
  }
  return undefined;
}
