import { fitsIn, flatOf, flatText, layoutLiteral, spansLines, type Flat, type LiteralSyntax, type Position } from "./layout.js";
import { hex4, plainDoubleQuoted, preferredQuote, quoteString } from "./value.js";
import { isDataObject, type DataValue } from "../../values/data-value.js";

function escapeCodePoint(codePoint: number): string {
  return codePoint <= 0xff ? `\\x${codePoint.toString(16).padStart(2, "0")}` : `\\u${hex4(codePoint)}`;
}

/** A Python string literal, quoted the way black would quote it. */
export function pythonString(text: string): string {
  return plainDoubleQuoted(text) ?? quoteString(text, preferredQuote(text), escapeCodePoint);
}

const python: LiteralSyntax = {
  width: 88,
  // black 23 counts code points.
  columns: (text) => (/[\ud800-\udfff]/.test(text) ? [...text].length : text.length),
  countsCodePoints: true,
  indentUnit: 4,
  string: pythonString,
  key: pythonString,
  boolean: (value) => (value ? "True" : "False"),
  null: "None",
  spaceInsideBraces: false,
  breakLongStringAfterOperator: undefined,
  fillNumberArrays: false,
  breakArraysOfRecords: false,
};

/** A value as a Python literal, laid out as black prints it at that position. */
export function pythonLiteral(value: DataValue, at: Position = { indent: 0, before: 0, after: 0 }): string {
  return layoutLiteral(value, python, at);
}

/**
 * `lead` followed by a value, as black prints an assignment: `body = {…}`. A plain value that overflows is
 * wrapped in parentheses on its own line when that makes it fit, as black does.
 */
export function pythonAssignment(lead: string, value: DataValue, indent = 0): string {
  const literal = pythonLiteral(value, { indent, before: lead.length + 1, after: 0 });
  const isCollection = Array.isArray(value) || isDataObject(value);
  const inner = indent + python.indentUnit;
  if (!isCollection && !fitsIn(literal, lead.length + 1, python) && fitsIn(literal, inner, python)) {
    return `${lead} (\n${" ".repeat(inner)}${literal}\n${" ".repeat(indent)})`;
  }
  return `${lead} ${literal}`;
}

/** One argument of a call: positional (`name` undefined) or keyword. */
export type PythonArgument = [name: string | undefined, value: DataValue];

/**
 * A call as black prints it: on one line when it fits, otherwise one argument per line with a trailing comma
 * (which black then keeps). `lead` is everything up to and including the opening parenthesis.
 */
export function pythonCall(lead: string, args: PythonArgument[], indent = 0): string {
  const prefix = (name: string | undefined) => (name === undefined ? "" : `${name}=`);
  // Both forms share each argument's one-line form. When the whole call fits, every argument fits alone too, so
  // this is the line laying out each argument would give.
  const flats: Flat[] = [];
  let flat = lead;
  // Asking the joined line whether it holds a line break would flatten it, even when it is thrown away.
  let lineBreak = lead.includes("\n");
  for (let index = 0; index < args.length; index += 1) {
    const [name, value] = args[index] as PythonArgument;
    const one = flatOf(value, python);
    flats.push(one);
    lineBreak ||= spansLines(value, one);
    flat += `${index === 0 ? "" : ", "}${prefix(name)}${flatText(one)}`;
  }
  flat += ")";
  // The call's texts are gathered as its source only for a line too long by length.
  if (!lineBreak && (indent + flat.length <= python.width || fitsIn(flat, indent, python, callTexts(lead, args)))) return flat;
  const inner = indent + python.indentUnit;
  let lines = "";
  for (let index = 0; index < args.length; index += 1) {
    const [name, value] = args[index] as PythonArgument;
    const head = `${" ".repeat(inner)}${prefix(name)}`;
    lines += `${head}${layoutLiteral(value, python, { indent: inner, before: python.columns(head), after: 1 }, flats[index])},\n`;
  }
  return `${lead}\n${lines}${" ".repeat(indent)})`;
}

/** What a call's one-line form is written from: its lead, then each argument's name and value. */
function callTexts(lead: string, args: PythonArgument[]): DataValue[] {
  return [lead, ...args.flatMap(([name, value]) => (name === undefined ? [value] : [name, value]))];
}
