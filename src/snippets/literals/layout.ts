import { numberLiteral } from "./value.js";
import { Code, isDataObject, type DataValue } from "../../values/data-value.js";

/** How one language spells and lays out data literals, in the style its formatter keeps. */
export interface LiteralSyntax {
  /** Columns the formatter allows on a line. */
  width: number;
  /** Columns a piece of code takes, as the formatter counts them. */
  columns(text: string): number;
  /** Spaces per indentation level. */
  indentUnit: number;
  string(text: string): string;
  /** The keys of one object as the formatter prints them. */
  keys(keys: string[]): string[];
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

/** One-line forms already written during one layout, so nested values are not written again at every level. */
export type FlatCache = Map<object, string>;

/** A value written on one line, whatever its width. */
export function oneLineLiteral(value: DataValue, syntax: LiteralSyntax, cache: FlatCache): string {
  return flat(value, syntax, cache);
}

function flat(value: DataValue, syntax: LiteralSyntax, cache?: FlatCache): string {
  if (typeof value === "object" && value !== null && !(value instanceof Code)) {
    let text = cache?.get(value);
    if (text === undefined) {
      text = flatCollection(value, syntax, cache);
      cache?.set(value, text);
    }
    return text;
  }
  if (typeof value === "string") return syntax.string(value);
  if (typeof value === "number") return numberLiteral(value);
  if (typeof value === "boolean") return syntax.boolean(value);
  if (value === null) return syntax.null;
  return (value as Code).text;
}

function flatCollection(value: DataValue[] | { [key: string]: DataValue }, syntax: LiteralSyntax, cache?: FlatCache): string {
  if (Array.isArray(value)) return `[${value.map((item) => flat(item, syntax, cache)).join(", ")}]`;
  const names = Object.keys(value);
  if (names.length === 0) return "{}";
  const keys = syntax.keys(names);
  const body = names.map((name, index) => `${keys[index]}: ${flat(value[name] as DataValue, syntax, cache)}`).join(", ");
  return syntax.spaceInsideBraces ? `{ ${body} }` : `{${body}}`;
}

function isRecordLike(value: DataValue): boolean {
  return Array.isArray(value) ? value.length > 1 : isDataObject(value) && Object.keys(value).length > 1;
}

function mustBreak(value: DataValue, syntax: LiteralSyntax): boolean {
  if (!Array.isArray(value) || !syntax.breakArraysOfRecords || value.length < 2) return false;
  const first = value[0] as DataValue;
  return value.every((item) => isRecordLike(item) && Array.isArray(item) === Array.isArray(first));
}

function containsForcedBreak(value: DataValue, syntax: LiteralSyntax): boolean {
  if (!syntax.breakArraysOfRecords) return false;
  if (mustBreak(value, syntax)) return true;
  const children = Array.isArray(value) ? value : isDataObject(value) ? Object.values(value) : [];
  return children.some((child) => containsForcedBreak(child, syntax));
}

/**
 * prettier's assignment layouts: a string that overflows moves to the next line; a number or boolean never does;
 * anything else moves only when its first line (`[`, `{`, or all of `null`, `[]`, `{}`) overflows.
 */
function breaksAfterOperator(value: DataValue, fits: boolean, at: Position, width: number): boolean {
  if (typeof value === "string") return !fits;
  // A negative number is a unary expression to prettier, laid out like `null`.
  if (typeof value === "boolean" || (typeof value === "number" && value >= 0)) return false;
  // Project code is a template literal, a call or a name: prettier keeps those beside the operator.
  if (value instanceof Code) return false;
  const opensOnly = typeof value === "object" && value !== null && (Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0);
  return opensOnly ? at.before + 1 > width : !fits;
}

/**
 * Writes a value as a literal: on one line when it fits, otherwise one entry per line with a trailing comma,
 * recursively. Formatters keep both forms as they are, so the output is already formatter-clean.
 */
export function layoutLiteral(value: DataValue, syntax: LiteralSyntax, at: Position, cache: FlatCache = new Map()): string {
  const oneLine = flat(value, syntax, cache);
  const isCollection = Array.isArray(value) || isDataObject(value);
  const mayMoveAfterOperator = at.afterOperator === true && syntax.breakLongStringAfterOperator !== undefined;
  // A scalar is written as it is wherever it stays: measuring it matters only where it may move.
  if (!isCollection && !mayMoveAfterOperator) return oneLine;
  const fits = at.before + syntax.columns(oneLine) + at.after <= syntax.width;
  if (mayMoveAfterOperator && breaksAfterOperator(value, fits, at, syntax.width)) {
    const indent = at.indent + syntax.indentUnit;
    return `\n${" ".repeat(indent)}${layoutLiteral(value, syntax, { indent, before: indent, after: at.after }, cache)}`;
  }
  if (!isCollection) return oneLine;
  if (fits && !containsForcedBreak(value, syntax)) return oneLine;
  const entries = Array.isArray(value) ? value : Object.values(value);
  if (entries.length === 0) return oneLine;

  const inner = at.indent + syntax.indentUnit;
  const pad = " ".repeat(inner);
  if (syntax.fillNumberArrays && Array.isArray(value) && value.length > 1 && value.every((item) => typeof item === "number")) {
    return `[\n${pad}${fillLines(value.map((item) => `${numberLiteral(item)},`), inner, syntax.width).join(`\n${pad}`)}\n${" ".repeat(at.indent)}]`;
  }
  const lines = Array.isArray(value)
    ? value.map((item) => `${pad}${layoutLiteral(item, syntax, { indent: inner, before: inner, after: 1 }, cache)},`)
    : keyedLines(value, syntax, inner, cache);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${lines.join("\n")}\n${" ".repeat(at.indent)}${close}`;
}

function keyedLines(value: { [key: string]: DataValue }, syntax: LiteralSyntax, indent: number, cache: FlatCache): string[] {
  const names = Object.keys(value);
  const keys = syntax.keys(names);
  const pad = " ".repeat(indent);
  return names.map((name, index) => {
    const key = keys[index] as string;
    const item = value[name] as DataValue;
    const keyColumns = syntax.columns(key);
    const afterOperator = keyColumns >= (syntax.breakLongStringAfterOperator?.minKeyWidth ?? Infinity);
    const literal = layoutLiteral(item, syntax, { indent, before: indent + keyColumns + 2, after: 1, afterOperator }, cache);
    return `${pad}${key}:${literal.startsWith("\n") ? "" : " "}${literal},`;
  });
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
