/**
 * A piece of code written by the project (never by a user) that stands where a value would, such as
 * `process.env.HF_TOKEN`. It is placed as is, so only templates and generators may make one.
 */
export class Code {
  constructor(readonly text: string) {}
}

export function code(text: string): Code {
  return new Code(text);
}

/** A plain data value, as JSON can hold it (plus project-written Code): the only thing that enters generated code. */
export type DataValue = string | number | boolean | null | Code | DataValue[] | { [key: string]: DataValue };

/** Deeper than the Hub's records ever nest; laying out deeper values would exhaust the stack. */
export const maxDataDepth = 64;

/**
 * The value when it is JSON data a snippet can hold (strings, finite numbers, booleans, null, arrays and plain
 * objects of those, nested at most `maxDataDepth` levels), undefined otherwise. Guards the values a caller of
 * the library hands over (a record read from a file is JSON already): a cycle, NaN, a function or a class
 * instance must not crash the writers or pass for project code.
 */
export function asDataValue(value: unknown, depth = 0): DataValue | undefined {
  if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value !== "object" || depth >= maxDataDepth) return undefined;
  if (Array.isArray(value)) return value.every((item) => asDataValue(item, depth + 1) !== undefined) ? (value as DataValue[]) : undefined;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  return Object.values(value).every((item) => asDataValue(item, depth + 1) !== undefined) ? (value as { [key: string]: DataValue }) : undefined;
}

export function isDataObject(value: DataValue): value is { [key: string]: DataValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Code);
}

/** A number as both JavaScript and Python read it back, in the form their formatters keep (no `e+`). */
export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new TypeError(`cannot write ${value} as a literal`);
  // String(-0) is "0": JSON and the two languages would all read `-0` back as an integer zero anyway.
  return String(value).replace("e+", "e");
}

/** True for a code point a source file should not hold raw: controls, separators, lone surrogates, BOM. */
export function needsEscape(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    codePoint === 0x2028 ||
    codePoint === 0x2029 ||
    codePoint === 0xfeff ||
    (codePoint >= 0xd800 && codePoint <= 0xdfff)
  );
}

/** Quote character for a string: double unless the text holds more double quotes than single ones. */
export function preferredQuote(text: string): '"' | "'" {
  if (!text.includes('"')) return '"';
  let double = 0;
  let single = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x22) double += 1;
    else if (unit === 0x27) single += 1;
  }
  return double > single ? "'" : '"';
}

/**
 * Writes a string literal in the given quote; `escapeFor` spells each code point that `mustEscape` keeps out.
 * Iterating by code point keeps valid surrogate pairs together and leaves lone surrogates to be escaped.
 */
export function quoteString(
  text: string,
  quote: '"' | "'",
  escapeFor: (codePoint: number) => string,
  mustEscape: (codePoint: number) => boolean = needsEscape,
): string {
  // Most example text is plain printable ASCII with nothing to escape.
  if (plainAscii.test(text) && !text.includes(quote)) return quote + text + quote;
  let out = quote;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === "\\") out += "\\\\";
    else if (char === quote) out += `\\${quote}`;
    else if (char === "\n") out += "\\n";
    else if (char === "\r") out += "\\r";
    else if (char === "\t") out += "\\t";
    else if (mustEscape(codePoint)) out += escapeFor(codePoint);
    else out += char;
  }
  return out + quote;
}

const plainAscii = /^[\x20-\x5b\x5d-\x7e]*$/;

export function hex4(codePoint: number): string {
  return codePoint.toString(16).padStart(4, "0");
}
