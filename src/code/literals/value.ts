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
// Printable ASCII without a backslash or a double quote: most example text, which both languages quote as it is.
const plainWithoutDoubleQuote = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** `"text"` when the text needs no escape and holds no double quote (one scan), else undefined. */
export function plainDoubleQuoted(text: string): string | undefined {
  return plainWithoutDoubleQuote.test(text) ? `"${text}"` : undefined;
}

export function hex4(codePoint: number): string {
  return codePoint.toString(16).padStart(4, "0");
}
