import { layoutLiteral, type LiteralSyntax, type Position } from "./layout.js";
import { hex4, needsEscape, preferredQuote, quoteString } from "./value.js";
import { type DataValue } from "../../values/data-value.js";

const identifier = /^[A-Za-z_$][\w$]*$/;
const simpleNumber = /^(?:\d+|\d+\.\d+)$/;

/**
 * An object key as prettier (quoteProps "as-needed") prints it: bare when it is an ASCII identifier or a number
 * that reads back as the same text, quoted otherwise (an escaped key stays quoted).
 */
function jsKey(name: string): string {
  // `__proto__: …` (quoted or not) would set the prototype; a computed key makes it an ordinary property.
  if (name === "__proto__") return `[${jsString(name)}]`;
  if (identifier.test(name) || (simpleNumber.test(name) && String(Number(name)) === name)) return name;
  return jsString(name);
}

function utf16Escapes(codePoint: number): string {
  return String.fromCodePoint(codePoint)
    .split("")
    .map((unit) => `\\u${hex4(unit.charCodeAt(0))}`)
    .join("");
}

/**
 * A JavaScript string literal, quoted the way prettier would quote it. Text outside printable ASCII is written
 * as \u escapes: prettier keeps them, and an ASCII-only line has a width prettier and this writer agree on
 * (prettier's Unicode width tables need not match this Node's).
 */
export function jsString(text: string): string {
  return quoteString(text, preferredQuote(text), utf16Escapes, (codePoint) => codePoint > 0x7e || needsEscape(codePoint));
}

const javascript: LiteralSyntax = {
  width: 80,
  // Every literal this writer makes is ASCII (see jsString), so prettier's width is the length.
  columns: (text) => text.length,
  indentUnit: 2,
  string: jsString,
  keys: (names) => names.map(jsKey),
  boolean: String,
  null: "null",
  spaceInsideBraces: true,
  // prettier moves a string that overflows onto its own line, unless the key is shorter than 5 columns.
  breakLongStringAfterOperator: { minKeyWidth: 5 },
  fillNumberArrays: true,
  breakArraysOfRecords: true,
};

/** A value as a JavaScript literal, laid out as prettier (default options) prints it at that position. */
export function jsLiteral(value: DataValue, at: Position = { indent: 0, before: 0, after: 0 }): string {
  return layoutLiteral(value, javascript, at);
}

/**
 * `lead` followed by a value, as prettier prints an assignment or property: `const body = {…};`. A string that
 * overflows moves to the next line, one level deeper.
 */
export function jsAssignment(lead: string, value: DataValue, trail: string, indent = 0): string {
  const literal = jsLiteral(value, { indent, before: lead.length + 1, after: trail.length, afterOperator: true });
  return `${lead}${literal.startsWith("\n") ? "" : " "}${literal}${trail}`;
}

/**
 * A call whose last argument is an object, as prettier hugs it: `lead` (up to and including `(` and any
 * earlier arguments) then the object, on one line when it fits, otherwise opened on the first line.
 */
export function jsCallWithObject(lead: string, argument: DataValue, trail: string): string {
  return `${lead}${jsLiteral(argument, { indent: 0, before: lead.length, after: trail.length })}${trail}`;
}
