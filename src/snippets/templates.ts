import { readFileSync } from "node:fs";
import { Environment, Interpreter, Template } from "@huggingface/jinja";
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

// Templates use no Jinja globals (range, raise_exception, …): every render gets an environment of its own
// context only, built on this shared root, instead of Template.render's fresh set of globals (a third faster).
const root = new Environment();

/** Renders a template with the engine's interpreter; trailing white space is trimmed, as snippets end bare. */
export function renderTemplate(language: string, client: string, name: string, context: TemplateContext): string {
  const environment = new Environment(root);
  for (const [key, value] of Object.entries(context)) environment.set(key, value);
  const result = new Interpreter(environment).run(loadTemplate(language, client, name).parsed);
  return String(result.value).trimEnd();
}
