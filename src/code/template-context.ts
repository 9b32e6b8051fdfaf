/** Values a template places: code fragments already written by the literal writers, and flags. */
export type TemplateContext = Record<string, string | boolean | undefined>;
