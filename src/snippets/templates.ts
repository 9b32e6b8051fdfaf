import { readFileSync } from "node:fs";
import { Template } from "@huggingface/jinja";
import { templatesDir } from "../paths.js";

const compiled = new Map<string, Template>();

/** Values a template places: code fragments already written by the literal writers, and flags. */
export type TemplateContext = Record<string, string | number | boolean | undefined>;

/** Compiles `templates/<language>/<client>/<name>.jinja` once; a missing one is a bug in the family map. */
export function loadTemplate(language: string, client: string, name: string): Template {
  const key = `${language}/${client}/${name}`;
  let template = compiled.get(key);
  if (!template) {
    let source: string;
    try {
      source = readFileSync(`${templatesDir}${key}.jinja`, "utf8");
    } catch {
      throw new Error(`Template not found: ${key}`);
    }
    template = new Template(source);
    compiled.set(key, template);
  }
  return template;
}

/** Renders a template; the result ends with exactly one newline stripped, as snippets carry none. */
export function renderTemplate(language: string, client: string, name: string, context: TemplateContext): string {
  return loadTemplate(language, client, name).render(context).trimEnd();
}
