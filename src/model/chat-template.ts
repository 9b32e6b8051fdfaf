import type { ModelRecord } from "./record.js";

const objectAt = (value: unknown, key: string): Record<string, unknown> | undefined => {
  const inner = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof inner === "object" && inner !== null ? (inner as Record<string, unknown>) : undefined;
};

/** A template's text: a string, or the first of a tokenizer config's named templates; undefined when empty or none. */
function templateText(candidate: unknown): string | undefined {
  // A tokenizer config may hold several named templates: the first is the default.
  const text = Array.isArray(candidate) ? objectAt(candidate, "0")?.["template"] : candidate;
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

/**
 * The model's chat template, the one rule for it: the first non-empty of the GGUF header's (for a reader of the GGUF
 * file: `gguf: true`, the default), the repository's chat_template.jinja, and its tokenizer config's `chat_template`
 * (transformers and transformers.js read the last two). An empty template is none: nothing applies it.
 */
export function chatTemplateOf(model: ModelRecord, sources: { gguf: boolean } = { gguf: true }): string | undefined {
  const candidates = [
    sources.gguf ? objectAt(model, "gguf")?.["chat_template"] : undefined,
    model.config?.["chat_template_jinja"],
    objectAt(model.config, "tokenizer_config")?.["chat_template"],
  ];
  for (const candidate of candidates) {
    const text = templateText(candidate);
    if (text !== undefined) return text;
  }
  return undefined;
}
