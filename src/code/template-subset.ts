import type { TemplateContext } from "./template-context.js";

/*
 * The few constructs of Jinja the templates are written in: texts, `{{ name }}`, `{% if %}` / `{% elif %}` /
 * `{% else %}`, and tests made of names, string literals, `==`, `!=`, `and`, `or` and `not`. A template that keeps
 * to them is turned once into a tree of closures that write its output straight from the context, with the engine's
 * semantics (a name's text, `true`/`false` for a flag, nothing for a gap; a text is true when not empty; `==`
 * compares as JavaScript's `==`); interpreting the syntax tree made and read a runtime value for every node at every
 * render, a quarter of a snippet's time. A template that uses anything else is left to the engine's interpreter.
 * test/snippets/template-subset.test.ts holds both to the same output for every template over generated contexts.
 */

/** A node of the engine's syntax tree, as far as the subset reads it. */
interface TemplateNode {
  type: string;
  value?: unknown;
  body?: TemplateNode[];
  alternate?: TemplateNode[];
  test?: TemplateNode;
  left?: TemplateNode;
  right?: TemplateNode;
  argument?: TemplateNode;
  operator?: { value?: unknown };
}

type Value = TemplateContext[string];
/** A piece of output: a text, or what the context makes of a node. */
type Piece = string | ((context: TemplateContext) => string);

/** The template as a function of its context; undefined when it uses more than the subset. */
export function subsetRenderer(program: { body: unknown[] }): ((context: TemplateContext) => string) | undefined {
  return block(program.body as TemplateNode[]);
}

function block(nodes: readonly TemplateNode[]): ((context: TemplateContext) => string) | undefined {
  const pieces: Piece[] = [];
  for (const node of nodes) {
    const piece = pieceOf(node);
    if (piece === undefined) return undefined;
    // Neighbouring texts are one text.
    const last = pieces.length - 1;
    if (typeof piece === "string" && typeof pieces[last] === "string") pieces[last] += piece;
    else pieces.push(piece);
  }
  if (pieces.length === 0) return () => "";
  if (pieces.length === 1) {
    const only = pieces[0] as Piece;
    return typeof only === "string" ? () => only : only;
  }
  return (context) => {
    let output = "";
    for (let index = 0; index < pieces.length; index += 1) {
      const piece = pieces[index] as Piece;
      output += typeof piece === "string" ? piece : piece(context);
    }
    return output;
  };
}

function pieceOf(node: TemplateNode): Piece | undefined {
  if (node.type === "StringLiteral" && typeof node.value === "string") return node.value;
  if (node.type === "Identifier" && typeof node.value === "string") {
    const name = internalized(node.value);
    return (context) => shown(context[name]);
  }
  if (node.type === "If" && node.test && node.body && node.alternate) {
    const test = truth(node.test);
    const body = block(node.body);
    const alternate = block(node.alternate);
    if (!test || !body || !alternate) return undefined;
    return (context) => (test(context) ? body(context) : alternate(context));
  }
  return undefined;
}

/** What `{{ name }}` writes: a text as it is, a flag as the engine writes a boolean, a gap as nothing. */
function shown(value: Value): string {
  if (typeof value === "string") return value;
  return value === undefined ? "" : String(value);
}

/** A test as a function of the context: whether the value it makes is true, by the engine's `__bool__`. */
function truth(node: TemplateNode): ((context: TemplateContext) => boolean) | undefined {
  const operator = node.operator?.value;
  if (node.type === "UnaryExpression" && operator === "not" && node.argument) {
    const argument = truth(node.argument);
    return argument && ((context) => !argument(context));
  }
  if (node.type === "BinaryExpression" && node.left && node.right) {
    if (operator === "and" || operator === "or") {
      const left = truth(node.left);
      const right = truth(node.right);
      if (!left || !right) return undefined;
      return operator === "and" ? (context) => left(context) && right(context) : (context) => left(context) || right(context);
    }
    if (operator === "==" || operator === "!=") {
      const left = valueOf(node.left);
      const right = valueOf(node.right);
      if (!left || !right) return undefined;
      // The engine compares the two values with JavaScript's loose equality.
      // eslint-disable-next-line eqeqeq
      return operator === "==" ? (context) => left(context) == right(context) : (context) => left(context) != right(context);
    }
    return undefined;
  }
  const value = valueOf(node);
  return value && ((context) => Boolean(value(context)));
}

/** A name's value in the context, or a string literal's. */
function valueOf(node: TemplateNode): ((context: TemplateContext) => Value) | undefined {
  if (node.type === "StringLiteral" && typeof node.value === "string") {
    const text = node.value;
    return () => text;
  }
  if (node.type === "Identifier" && typeof node.value === "string") {
    const name = internalized(node.value);
    return (context) => context[name];
  }
  return undefined;
}

/** The internalized copy of a name: V8 keeps a property key only in that form, one string for all equal ones. */
export function internalized(name: string): string {
  return Object.keys({ [name]: true })[0] as string;
}
