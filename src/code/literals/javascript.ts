import { layoutBeside, layoutLiteral, type LiteralSyntax, type Position } from "./layout.js";
import { hex4, needsEscape, plainDoubleQuoted, preferredQuote, quoteString } from "./value.js";
import { type DataValue } from "../../values/data-value.js";

const simpleNumber = /^(?:\d+|\d+\.\d+)$/;

/** An ASCII identifier, `^[A-Za-z_$][\w$]*$`, checked without a regular expression (a key is short). */
function isIdentifier(name: string): boolean {
  if (name.length === 0) return false;
  for (let index = 0; index < name.length; index += 1) {
    const unit = name.charCodeAt(index);
    const letter = (unit >= 0x61 && unit <= 0x7a) || (unit >= 0x41 && unit <= 0x5a) || unit === 0x5f || unit === 0x24;
    if (!letter && (index === 0 || unit < 0x30 || unit > 0x39)) return false;
  }
  return true;
}

/**
 * An object key as prettier (quoteProps "as-needed") prints it: bare when it is an ASCII identifier or a number
 * that reads back as the same text, quoted otherwise (an escaped key stays quoted).
 */
function jsKey(name: string): string {
  // `__proto__: …` (quoted or not) would set the prototype; a computed key makes it an ordinary property.
  if (name === "__proto__") return `[${jsString(name)}]`;
  if (isIdentifier(name) || (simpleNumber.test(name) && String(Number(name)) === name)) return name;
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
  return plainDoubleQuoted(text) ?? quoteString(text, preferredQuote(text), utf16Escapes, outsidePrintableAscii);
}

function outsidePrintableAscii(codePoint: number): boolean {
  return codePoint > 0x7e || needsEscape(codePoint);
}

const javascript: LiteralSyntax = {
  width: 80,
  // Every literal this writer makes is ASCII (see jsString), so prettier's width is the length.
  columns: (text) => text.length,
  countsCodePoints: false,
  indentUnit: 2,
  string: jsString,
  key: jsKey,
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
  return `${lead}${layoutBeside(" ", value, javascript, { indent, before: lead.length + 1, after: trail.length, afterOperator: true })}${trail}`;
}

/**
 * A call whose last argument is an object, as prettier hugs it: `lead` (up to and including `(` and any
 * earlier arguments) then the object, on one line when it fits, otherwise opened on the first line.
 */
export function jsCallWithObject(lead: string, argument: DataValue, trail: string): string {
  return `${lead}${jsLiteral(argument, { indent: 0, before: lead.length, after: trail.length })}${trail}`;
}
