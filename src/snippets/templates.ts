import { readFileSync } from "node:fs";
import { Environment, Interpreter, Template } from "@huggingface/jinja";
import { templatesDir } from "../paths.js";
import type { TemplateContext } from "./inference/context.js";

export type { TemplateContext } from "./inference/context.js";

/** A compiled template: its syntax tree and the names it reads (only those are converted into Jinja values). */
interface CompiledTemplate {
  template: Template;
  variables: string[];
}

// Templates use no Jinja globals (range, raise_exception, …): every render gets an environment of its own
// context only, built on this shared root, instead of Template.render's fresh set of globals (a third faster).
const root = new Environment();

/**
 * The templates of one client, `templates/<language>/<client>/<name>.jinja`, each compiled on first use.
 * A client holds its folder, so a render looks its template up by name alone (a path joined at every render
 * was a new string to hash, 3% of the time).
 */
export class TemplateFolder {
  private readonly compiled = new Map<string, CompiledTemplate>();

  constructor(readonly path: string) {}

  /** Renders a template; trailing white space is trimmed, as snippets end bare. */
  render(name: string, context: TemplateContext): string {
    return interpret(this.load(name), context);
  }

  /** Compiles a template once; a missing one is a bug in the client table. */
  private load(name: string): CompiledTemplate {
    let compiled = this.compiled.get(name);
    if (!compiled) {
      const key = `${this.path}/${name}`;
      let source: string;
      try {
        source = readFileSync(`${templatesDir}${key}.jinja`, "utf8");
      } catch {
        throw new Error(`Template not found: ${key}`);
      }
      compiled = compile(source);
      this.compiled.set(name, compiled);
    }
    return compiled;
  }
}

/** Renders with the engine's interpreter, in an environment holding only the names the template reads. */
function interpret({ template, variables }: CompiledTemplate, context: TemplateContext): string {
  const environment = new Environment(root);
  for (const variable of variables) environment.set(variable, context[variable]);
  const result = new Interpreter(environment).run(template.parsed);
  return String(result.value).trimEnd();
}

/** Parses a template, notes the names it reads, and makes each of its texts a flat string. */
function compile(source: string): CompiledTemplate {
  const template = new Template(source);
  const variables = new Set<string>();
  walk(template.parsed, (node) => {
    // Every Identifier: the variables, plus any filter or attribute name, which is harmless to define.
    if (node.type === "Identifier" && typeof node.value === "string") variables.add(node.value);
    // The engine's lexer builds a text one character at a time, a rope of as many pieces as characters that
    // every render walked again to flatten its snippet (a sixth of the time): one flat copy, made here, instead.
    if (node.type === "StringLiteral" && typeof node.value === "string") node.value = structuredClone(node.value);
  });
  return { template, variables: [...variables] };
}

/** Calls `visit` on every node of a syntax tree. */
function walk(node: unknown, visit: (node: { type?: unknown; value?: unknown }) => void): void {
  if (Array.isArray(node)) for (const child of node) walk(child, visit);
  else if (typeof node === "object" && node !== null) {
    visit(node);
    for (const child of Object.values(node)) walk(child, visit);
  }
}
