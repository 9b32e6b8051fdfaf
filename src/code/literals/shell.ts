import { needsEscape, numberLiteral } from "./value.js";
import { Code, isDataObject, type DataValue } from "../../values/data-value.js";
import { UnsendableShellText, unsendableInShell } from "../../values/unsendable-text.js";
import { jsonKeptControl, jsonKeptControls, terminalControlButLayout, unicodeEscape } from "../../values/terminal-controls.js";

/*
 * Shell words and JSON text that stand for a value exactly and show it as it is: no character of a value reaches
 * the terminal that shows the code as a control character. A word with none is single-quoted (POSIX); a word with
 * one is ANSI-C quoted ($'…'), which bash, zsh and POSIX.1-2024 sh read, with each control character escaped.
 */

const printableAscii = /^[\x20-\x7e]*$/;

/**
 * True when the text needs the ANSI-C form: it holds a character that must not reach a terminal raw. A line break
 * or a tab may: a single-quoted word keeps them as the lines and indentation of a multi-line value (a JSON file).
 */
export function needsAnsiC(text: string): boolean {
  return terminalControlButLayout.test(text);
}

/**
 * A shell word that stands for exactly `text`: single quotes, with `'` written as `'\''`; or, for text with a
 * control character other than a line break or a tab (C0, DEL, C1, U+2028/U+2029, BOM), one $'…' word that escapes
 * it. Throws UnsendableShellText for a NUL or a lone surrogate, which no word can carry (refusingUnsendable turns
 * that into a message naming the record's field).
 */
export function shellQuote(text: string): string {
  // Most words (URLs, headers, ids, file names) are printable ASCII: nothing to check.
  if (!printableAscii.test(text)) {
    if (unsendableInShell(text)) throw new UnsendableShellText(text);
    if (needsAnsiC(text)) return ansiCQuote(text);
  }
  return text.includes("'") ? `'${text.replaceAll("'", `'\\''`)}'` : `'${text}'`;
}

// The escapes POSIX.1-2024 names for $'…' (and bash and zsh read): a byte elsewhere is written in hex.
const namedEscapes: Record<string, string> = { "\u0007": "\\a", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\u000b": "\\v", "\f": "\\f", "\r": "\\r" };
const hexDigit = /[0-9A-Fa-f]/;

/**
 * One $'…' word: `\` and `'` escaped, each control character as its UTF-8 bytes in `\xHH` (in octal `\ooo` when a hex
 * digit follows, since POSIX leaves `\x` followed by more than two hex digits unspecified).
 */
function ansiCQuote(text: string): string {
  let out = "$'";
  const chars = [...text];
  chars.forEach((char, index) => {
    const codePoint = char.codePointAt(0) ?? 0;
    if (char === "\\") out += "\\\\";
    else if (char === "'") out += "\\'";
    else if (namedEscapes[char] !== undefined) out += namedEscapes[char];
    else if (needsEscape(codePoint)) {
      const octal = hexDigit.test(chars[index + 1] ?? "");
      // Buffer, not a TextEncoder: creating one at module load loaded Node's encoding module in every run.
      for (const byte of Buffer.from(char, "utf8")) out += octal ? `\\${byte.toString(8).padStart(3, "0")}` : `\\x${byte.toString(16).padStart(2, "0")}`;
    } else out += char;
  });
  return `${out}'`;
}

/** What a shell snippet that holds a $'…' word says in its first comment line. */
export const ansiCNote = "# $'...' words show control characters as escapes: run this in bash, zsh or a POSIX.1-2024 sh";

/** True when the shell code holds a $'…' word: a `$'` outside quotes, comments and escapes. */
export function usesAnsiC(source: string): boolean {
  let wordStart = true;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === "\\") index += 1;
    else if (char === "'") index = closing(source, index, "'");
    else if (char === '"') index = closingDouble(source, index);
    else if (char === "#" && wordStart) index = source.indexOf("\n", index) === -1 ? source.length : source.indexOf("\n", index) - 1;
    else if (char === "$" && source[index + 1] === "'") return true;
    wordStart = char === " " || char === "\t" || char === "\n" || char === ";" || char === "(" || char === "|" || char === "&";
  }
  return false;
}

const closing = (source: string, open: number, quote: string) => {
  const end = source.indexOf(quote, open + 1);
  return end === -1 ? source.length : end;
};

function closingDouble(source: string, open: number): number {
  for (let index = open + 1; index < source.length; index += 1) {
    if (source[index] === "\\") index += 1;
    else if (source[index] === '"') return index;
  }
  return source.length;
}

/** Shell code with ansiCNote above it when it holds a $'…' word (once: code that has the note keeps it). */
export function withAnsiCNote(source: string): string {
  // Both the note and a $'…' word hold `$'`: code without one (nearly all) is returned after one native search.
  if (!source.includes("$'")) return source;
  return source.split("\n").includes(ansiCNote) || !usesAnsiC(source) ? source : `${ansiCNote}\n${source}`;
}

/** A JSON string that shows its text: JSON's own escapes, plus \uXXXX for DEL, C1, U+2028/U+2029 and the BOM. */
export function jsonString(text: string): string {
  const json = JSON.stringify(text);
  return jsonKeptControl.test(json) ? json.replace(jsonKeptControls, unicodeEscape) : json;
}

/**
 * JSON on one line with a space after `:` and `,`, as a readable request body. A Code leaf becomes a JSON
 * string of `codeText(leaf)`, for callers that splice something in at that place.
 */
export function jsonText(value: DataValue, codeText?: (leaf: Code) => string): string {
  if (Array.isArray(value)) {
    let text = "[";
    for (let index = 0; index < value.length; index += 1) text += `${index === 0 ? "" : ", "}${jsonText(value[index] as DataValue, codeText)}`;
    return `${text}]`;
  }
  if (isDataObject(value)) {
    const keys = Object.keys(value);
    let text = "{";
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      text += `${index === 0 ? "" : ", "}${jsonString(key)}: ${jsonText(value[key] as DataValue, codeText)}`;
    }
    return `${text}}`;
  }
  if (value instanceof Code) {
    if (!codeText) throw new TypeError("this JSON body holds data only");
    return `"${codeText(value)}"`;
  }
  return typeof value === "number" ? numberLiteral(value) : typeof value === "string" ? jsonString(value) : JSON.stringify(value);
}
