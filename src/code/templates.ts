import { Environment, Interpreter } from "@huggingface/jinja";
import type { TemplateContext } from "./template-context.js";
import { walk, type Program } from "./syntax-tree.js";
import { templateProgram } from "./template-program.js";
import { internalized, subsetRenderer } from "./template-subset.js";

/** A compiled template: closures over its context, or its syntax tree and the environment the engine renders it in. */
interface CompiledTemplate {
  /** The variables that may end its output, when only they can (see trimEnding); undefined otherwise. */
  tails: string[] | undefined;
  /** The template as closures over its context, when it keeps to the subset of template-subset.ts. */
  subset: ((context: TemplateContext) => string) | undefined;
  /** The engine's interpreter of the tree, for a template beyond the subset; undefined otherwise. */
  interpreter: EngineTemplate | undefined;
}

/** A template the engine's interpreter renders: its tree, and its variables, which read the context of the render under way. */
interface EngineTemplate {
  program: Program;
  variables: ContextVariables;
  environment: Environment;
}

type RuntimeValue = ReturnType<Environment["set"]>;

// The engine's own conversions of the values every render repeats. They hold no data of any call, and are
// frozen: the interpreter only reads values, so one instance of each serves every render.
const conversions = new Environment();
const trueValue = Object.freeze(conversions.set("true", true));
const falseValue = Object.freeze(conversions.set("false", false));
const undefinedValue = Object.freeze(conversions.set("undefined", undefined));
// The engine exports no value classes: its conversion of a string shows which class holds strings.
const StringValue = conversions.set("string", "").constructor as new (value: string) => RuntimeValue;

/** A context value (text, flag or gap) as the engine's Environment.set would convert it, without a new object for flags and gaps. */
function runtimeValue(value: TemplateContext[string]): RuntimeValue {
  if (typeof value === "string") return new StringValue(value);
  if (value === undefined) return undefinedValue;
  return value ? trueValue : falseValue;
}

/**
 * A template's variables, as the engine reads them (`has`, then `get`, on its environment's Map): straight from
 * the context of the render under way, each converted when the interpreter reads it. Placing every value in the
 * Map before a render and taking it out after cost more than all of the render's reads (an eighth of a
 * snippet's time). Every name a template reads is a context variable (templates use no Jinja globals), and
 * templates assign none (no `{% set %}`), so nothing else reaches this Map.
 */
class ContextVariables extends Map<string, RuntimeValue> {
  /** Set only while a render runs: nothing of a call stays behind. */
  context: TemplateContext | undefined;

  override has(): boolean {
    return true;
  }

  override get(name: string): RuntimeValue {
    return runtimeValue(this.context?.[name]);
  }

  override set(name: string): this {
    throw new Error(`Templates assign no variables: ${name}`);
  }
}

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
      compiled = compile(templateProgram(`${this.path}/${name}`));
      this.compiled.set(name, compiled);
    }
    return compiled;
  }
}

/**
 * Renders with the engine's interpreter, in the template's environment, its variables reading this context.
 * Snippets end bare: an output is trimmed only when it may end in white space, as trimming flattens the whole
 * output (a rope of every piece the interpreter appended), a copy of the snippet that its reader may never need.
 */
function interpret(compiled: CompiledTemplate, context: TemplateContext): string {
  const { tails, subset, interpreter } = compiled;
  const output = subset ? subset(context) : interpreted(interpreter!, context);
  return tails && tails.every((name) => endsBare(context[name])) ? output : output.trimEnd();
}

function interpreted({ program, variables, environment }: EngineTemplate, context: TemplateContext): string {
  // Renders never nest (a template calls no code of ours), so one environment serves each render in turn.
  variables.context = context;
  try {
    return String(new Interpreter(environment).run(program).value);
  } finally {
    variables.context = undefined;
  }
}

/**
 * Trims a syntax tree's ending, then turns it into closures (template-subset.ts), or, for a template beyond the
 * subset, readies it for the engine's interpreter. The closures read the context by internalized names themselves:
 * the walk over the whole tree is the interpreter's alone.
 */
function compile(program: Program): CompiledTemplate {
  const ending = trimEnding(program.body);
  const subset = subsetRenderer(program);
  return { tails: ending?.tails, subset, interpreter: subset ? undefined : engineTemplate(program) };
}

/** Makes every word of a syntax tree internalized (all of its strings but its texts), in an environment of its own. */
function engineTemplate(program: Program): EngineTemplate {
  walk(program, (node) => {
    // The interpreter dispatches on node types and operators with switch statements, and reads the context by
    // names: with internalized strings each comparison is one pointer comparison, and a name is the very string
    // a context's key is. JSON.parse leaves longer strings ("StringLiteral") uninternalized, each compared by its
    // characters: internalizing them made getInferenceSnippets faster (docs/performance.md, "Measured choices").
    for (const [field, value] of Object.entries(node)) {
      if (typeof value === "string" && !(node.type === "StringLiteral" && field === "value")) node[field] = internalized(value);
    }
  });
  const variables = new ContextVariables();
  // Templates use no Jinja globals (range, raise_exception, …): unlike Template.render, no fresh set of them.
  const environment = new Environment();
  environment.variables = variables;
  return { program, variables, environment };
}

/** A node of the engine's syntax tree, as far as trimEnding reads it. */
interface TemplateNode {
  type: string;
  value?: unknown;
  body?: TemplateNode[];
  alternate?: TemplateNode[];
}

/**
 * Trims the texts that can end a block's output, and says what else can end it: `tails`, the variables placed
 * last, when the block always ends in a trimmed text or one of those; undefined when it may end otherwise (in a
 * branch that renders nothing, a filter, a loop, …), and then its output is trimmed at every render. Trimming
 * the last texts never changes a trimmed output, and an output that ends in a text, or in a value that ends
 * bare, has nothing left to trim.
 */
function trimEnding(block: TemplateNode[]): { tails: string[] } | undefined {
  for (let index = block.length - 1; index >= 0; index -= 1) {
    const node = block[index] as TemplateNode;
    if (node.type === "StringLiteral" && typeof node.value === "string") {
      node.value = node.value.trimEnd();
      // A text of white space only renders nothing once trimmed: the node before it ends the block.
      if (node.value === "") continue;
      return { tails: [] };
    }
    if (node.type === "Identifier" && typeof node.value === "string") return { tails: [node.value] };
    if (node.type === "If" && node.body && node.alternate) {
      const body = trimEnding(node.body);
      const alternate = trimEnding(node.alternate);
      return body && alternate ? { tails: [...new Set([...body.tails, ...alternate.tails])] } : undefined;
    }
    return undefined;
  }
  return undefined;
}

/** Whether a value placed at the end of an output leaves it ending bare: text that ends in no white space. */
function endsBare(value: TemplateContext[string]): boolean {
  return typeof value === "string" && value !== "" && !/\s/.test(value.charAt(value.length - 1));
}
