import { numberLiteral } from "./value.js";
import { Code, isDataObject, type DataValue } from "../../values/data-value.js";

/** How one language spells and lays out data literals, in the style its formatter keeps. */
export interface LiteralSyntax {
  /** Columns the formatter allows on a line. */
  width: number;
  /** Columns a piece of code takes, as the formatter counts them. */
  columns(text: string): number;
  /** Whether `columns` counts code points, fewer than the length where a surrogate pair is; otherwise it is the length. */
  countsCodePoints: boolean;
  /** Spaces per indentation level. */
  indentUnit: number;
  string(text: string): string;
  /** An object key as the formatter prints it. */
  key(name: string): string;
  boolean(value: boolean): string;
  null: string;
  /** `{ a: 1 }` (JavaScript) or `{"a": 1}` (Python). */
  spaceInsideBraces: boolean;
  /** Whether a string that overflows after `name =` or `key:` moves to the next line (for keys this wide or wider). */
  breakLongStringAfterOperator: { minKeyWidth: number } | undefined;
  /** Whether an array whose items are all objects (or all arrays) of 2+ entries is always broken. */
  breakArraysOfRecords: boolean;
  /** Whether a broken array of 2+ numbers is filled, as many per line as fit (prettier), or one per line. */
  fillNumberArrays: boolean;
}

/** Where a literal sits: the indentation of its line, columns already used before it, columns after it. */
export interface Position {
  indent: number;
  before: number;
  after: number;
  /** Right of `name =` or `key:`, where prettier moves a string that overflows onto the next line. */
  afterOperator?: boolean;
}

/**
 * A collection as written on one line: its text, and the pieces the broken layout reuses (each key, each item's
 * one-line text and, for an item that is a collection, its own form), so nothing is quoted twice and no subtree is
 * walked again at any level. A form lives in the layout that made it: a Map of forms shared by a call's layouts
 * cost more than it saved (an object's first use as a Map key gives it an identity hash, a slow path of V8).
 */
interface FlatForm {
  text: string;
  /** The object's own property names, in order; undefined for an array. */
  names: string[] | undefined;
  /** The keys as written, for an object; undefined for an array. */
  keys: string[] | undefined;
  items: string[];
  /** The form of each item that is itself a collection (undefined for a scalar), or undefined when none is. */
  forms: (FlatForm | undefined)[] | undefined;
  /** Some array in it (or itself) must break whatever its width (LiteralSyntax.breakArraysOfRecords). */
  forcedBreak: boolean;
  /** Some project code in it spans lines (literals write a line break in a string as an escape). */
  lineBreak: boolean;
}

/** A value on one line: a collection's form, or a scalar's text. */
export type Flat = FlatForm | string;

/** A value written on one line, whatever its width, with the pieces a broken layout of it reuses. */
export function flatOf(value: DataValue, syntax: LiteralSyntax): Flat {
  return isCollection(value) ? flatForm(value, syntax) : scalarText(value, syntax);
}

/** The one-line text of a value's one-line form. */
export function flatText(flat: Flat): string {
  return typeof flat === "string" ? flat : flat.text;
}

/** Whether a value's literal spans lines even on one line: project code in it does. */
export function spansLines(value: DataValue, flat: Flat): boolean {
  if (typeof flat !== "string") return flat.lineBreak;
  return value instanceof Code && value.text.includes("\n");
}

const surrogate = /[\ud800-\udfff]/;

/**
 * Whether a value's literal may hold a surrogate: only one of its own texts (or keys) can put one there, as the
 * writers escape nothing into one. Asked of the source texts, which are flat, rather than of the literal, a rope
 * that the question would flatten even when the layout then throws it away.
 */
function holdsSurrogates(value: DataValue): boolean {
  if (typeof value === "string") return surrogate.test(value);
  if (value instanceof Code) return surrogate.test(value.text);
  if (Array.isArray(value)) return value.some(holdsSurrogates);
  if (!isDataObject(value)) return false;
  for (const name of Object.keys(value)) if (surrogate.test(name) || holdsSurrogates(value[name] as DataValue)) return true;
  return false;
}

function isCollection(value: DataValue): value is DataValue[] | { [key: string]: DataValue } {
  return typeof value === "object" && value !== null && !(value instanceof Code);
}

function scalarText(value: string | number | boolean | null | Code, syntax: LiteralSyntax): string {
  if (typeof value === "string") return syntax.string(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return syntax.boolean(value);
  if (value === null) return syntax.null;
  return value.text;
}

// Loops rather than map and join: a snippet writes many small collections, and the arrays were most of their cost.
function flatForm(value: DataValue[] | { [key: string]: DataValue }, syntax: LiteralSyntax): FlatForm {
  const names = Array.isArray(value) ? undefined : Object.keys(value);
  const keys: string[] | undefined = names && [];
  const items: string[] = [];
  let forms: (FlatForm | undefined)[] | undefined;
  let body = "";
  let forcedBreak = syntax.breakArraysOfRecords && mustBreak(value);
  let lineBreak = false;
  const count = names ? names.length : (value as DataValue[]).length;
  for (let index = 0; index < count; index += 1) {
    const item = (names ? (value as { [key: string]: DataValue })[names[index] as string] : (value as DataValue[])[index]) as DataValue;
    let text: string;
    if (isCollection(item)) {
      const form = flatForm(item, syntax);
      (forms ??= new Array<FlatForm | undefined>(count))[index] = form;
      forcedBreak ||= form.forcedBreak;
      lineBreak ||= form.lineBreak;
      text = form.text;
    } else {
      text = scalarText(item, syntax);
      if (item instanceof Code) lineBreak ||= item.text.includes("\n");
    }
    items.push(text);
    const separator = index === 0 ? "" : ", ";
    if (keys && names) {
      const key = syntax.key(names[index] as string);
      keys.push(key);
      body += `${separator}${key}: ${text}`;
    } else body += `${separator}${text}`;
  }
  let text: string;
  if (!keys) text = `[${body}]`;
  else if (count === 0) text = "{}";
  else text = syntax.spaceInsideBraces ? `{ ${body} }` : `{${body}}`;
  return { text, names, keys, items, forms, forcedBreak, lineBreak };
}

/**
 * Whether a text fits beside `used` columns. A text takes at most its length in columns, so the length answers
 * first. Where columns are code points, a code point takes at most two UTF-16 units, so a text more than twice
 * too long cannot fit either; only a text in between is measured (a scan of the whole text), and only when
 * `source`, the value it was written from, can hold a surrogate (see holdsSurrogates); without a source the text
 * is measured as it is.
 */
export function fitsIn(text: string, used: number, syntax: LiteralSyntax, source?: DataValue): boolean {
  if (used + text.length <= syntax.width) return true;
  if (!syntax.countsCodePoints || used + Math.ceil(text.length / 2) > syntax.width) return false;
  return (source === undefined || holdsSurrogates(source)) && used + syntax.columns(text) <= syntax.width;
}

function isRecordLike(value: DataValue): boolean {
  return Array.isArray(value) ? value.length > 1 : isDataObject(value) && Object.keys(value).length > 1;
}

/** An array of 2+ items that are all objects (or all arrays) of 2+ entries. */
function mustBreak(value: DataValue[] | { [key: string]: DataValue }): boolean {
  if (!Array.isArray(value) || value.length < 2) return false;
  const first = value[0] as DataValue;
  return value.every((item) => isRecordLike(item) && Array.isArray(item) === Array.isArray(first));
}

/**
 * prettier's assignment layouts: a string that overflows moves to the next line; a number or boolean never does;
 * anything else moves only when its first line (`[`, `{`, or all of `null`, `[]`, `{}`) overflows.
 */
function breaksAfterOperator(value: DataValue, form: FlatForm | undefined, fits: boolean, at: Position, width: number): boolean {
  if (typeof value === "string") return !fits;
  // A negative number is a unary expression to prettier, laid out like `null`.
  if (typeof value === "boolean" || (typeof value === "number" && value >= 0)) return false;
  // Project code is a template literal, a call or a name: prettier keeps those beside the operator.
  if (value instanceof Code) return false;
  const opensOnly = form !== undefined && form.items.length > 0;
  return opensOnly ? at.before + 1 > width : !fits;
}

/**
 * Writes a value as a literal: on one line when it fits, otherwise one entry per line with a trailing comma,
 * recursively. Formatters keep both forms as they are, so the output is already formatter-clean. `flat` is the
 * value's one-line form when the caller has it already.
 */
export function layoutLiteral(value: DataValue, syntax: LiteralSyntax, at: Position, flat?: Flat): string {
  return layoutBeside("", value, syntax, at, flat);
}

/**
 * `space` then the literal, or, where prettier moves the value right of an operator onto the next line, a line
 * break and the literal there. Telling the two apart by the literal's first character would flatten the whole
 * literal (a rope of many pieces) at every level of nesting.
 */
export function layoutBeside(space: string, value: DataValue, syntax: LiteralSyntax, at: Position, flat: Flat = flatOf(value, syntax)): string {
  const form = typeof flat === "string" ? undefined : flat;
  const text = form ? form.text : (flat as string);
  const mayMoveAfterOperator = at.afterOperator === true && syntax.breakLongStringAfterOperator !== undefined;
  // A scalar is written as it is wherever it stays: measuring it matters only where it may move.
  if (!form && !mayMoveAfterOperator) return space + text;
  const used = at.before + at.after;
  // A collection's literal is asked of its source; a scalar's is measured itself.
  const fits = fitsIn(text, used, syntax, form === undefined ? undefined : value);
  if (mayMoveAfterOperator && breaksAfterOperator(value, form, fits, at, syntax.width)) {
    const indent = at.indent + syntax.indentUnit;
    return `\n${spaces(indent)}${layoutBeside("", value, syntax, { indent, before: indent, after: at.after }, flat)}`;
  }
  if (!form || (fits && !form.forcedBreak) || form.items.length === 0) return space + text;
  return space + brokenLayout(value as DataValue[] | { [key: string]: DataValue }, form, syntax, at.indent);
}

/** A collection one entry per line, each laid out in turn, from the pieces of its one-line form. */
function brokenLayout(value: DataValue[] | { [key: string]: DataValue }, form: FlatForm, syntax: LiteralSyntax, indent: number): string {
  const inner = indent + syntax.indentUnit;
  const pad = spaces(inner);
  if (syntax.fillNumberArrays && Array.isArray(value) && value.length > 1 && value.every((item) => typeof item === "number")) {
    return `[\n${pad}${fillLines(
      value.map((item) => `${numberLiteral(item)},`),
      inner,
      syntax.width,
    ).join(`\n${pad}`)}\n${spaces(indent)}]`;
  }
  const { names, keys, items, forms } = form;
  let lines = "";
  for (let index = 0; index < items.length; index += 1) {
    const item = (names ? (value as { [key: string]: DataValue })[names[index] as string] : (value as DataValue[])[index]) as DataValue;
    const flat = forms?.[index] ?? (items[index] as string);
    if (keys) {
      const key = keys[index] as string;
      const keyColumns = syntax.columns(key);
      const afterOperator = keyColumns >= (syntax.breakLongStringAfterOperator?.minKeyWidth ?? Infinity);
      const at = { indent: inner, before: inner + keyColumns + 2, after: 1, afterOperator };
      lines += `${pad}${key}:${layoutBeside(" ", item, syntax, at, flat)},\n`;
    } else {
      lines += `${pad}${layoutBeside("", item, syntax, { indent: inner, before: inner, after: 1 }, flat)},\n`;
    }
  }
  return keys ? `{\n${lines}${spaces(indent)}}` : `[\n${lines}${spaces(indent)}]`;
}

// Indentation, made once: a new string of spaces at every line of every broken literal added up.
const indentation = Array.from({ length: 65 }, (_, width) => " ".repeat(width));

function spaces(width: number): string {
  return indentation[width] ?? " ".repeat(width);
}

/** prettier's fill: the next item joins the line when it fits after a space, otherwise it starts a new line. */
function fillLines(items: string[], indent: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line !== "" && indent + line.length + 1 + item.length <= width) line += ` ${item}`;
    else {
      if (line !== "") lines.push(line);
      line = item;
    }
  }
  lines.push(line);
  return lines;
}
