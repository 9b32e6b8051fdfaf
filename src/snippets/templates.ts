import { readFileSync } from "node:fs";
import { Environment, Interpreter, Template } from "@huggingface/jinja";
import { templatesDir } from "../paths.js";

/** Values a template places: code fragments already written by the literal writers, and flags. */
export type TemplateContext = Record<string, string | number | boolean | undefined>;

/**
 * A client's context: the values its language shares, then its own. Object.assign rather than
 * `{ ...shared, … }`: on Node 20's V8 a spread followed by more properties takes a slow path (~3 us per
 * context, a fifth of a snippet's time).
 */
export function joinContexts(shared: TemplateContext, own: TemplateContext): TemplateContext {
  return Object.assign(shared, own);
}

/**
 * A compiled template and the names it reads: only those are converted into Jinja values at each render (a name
 * the context lacks renders as undefined, as it would unset).
 */
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

  /** Renders a template with the engine's interpreter; trailing white space is trimmed, as snippets end bare. */
  render(name: string, context: TemplateContext): string {
    const { template, variables } = this.load(name);
    const environment = new Environment(root);
    for (const variable of variables) environment.set(variable, context[variable]);
    const result = new Interpreter(environment).run(template.parsed);
    return String(result.value).trimEnd();
  }

  /** Compiles a template once; a missing one is a bug in the family map. */
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
