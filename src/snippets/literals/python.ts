import { layoutLiteral, type LiteralSyntax, type Position } from "./layout.js";
import { hex4, preferredQuote, quoteString, type DataValue } from "./value.js";

function escapeCodePoint(codePoint: number): string {
  return codePoint <= 0xff ? `\\x${codePoint.toString(16).padStart(2, "0")}` : `\\u${hex4(codePoint)}`;
}

/** A Python string literal, quoted the way black would quote it. */
export function pythonString(text: string): string {
  return quoteString(text, preferredQuote(text), escapeCodePoint);
}

const python: LiteralSyntax = {
  width: 88,
  // black 23 counts code points.
  columns: (text) => [...text].length,
  indentUnit: 4,
  string: pythonString,
  keys: (names) => names.map(pythonString),
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
  const isCollection = typeof value === "object" && value !== null;
  const inner = indent + python.indentUnit;
  const overflows = (columns: number) => columns + python.columns(literal) > python.width;
  if (!isCollection && overflows(lead.length + 1) && !overflows(inner)) {
    return `${lead} (\n${" ".repeat(inner)}${literal}\n${" ".repeat(indent)})`;
  }
  return `${lead} ${literal}`;
}
