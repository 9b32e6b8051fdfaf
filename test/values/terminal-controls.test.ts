import { describe, expect, it } from "vitest";
import { visibleJson } from "../../src/cli/output.js";
import { markdownText } from "../../src/notebook/markdown.js";
import { checkProvider } from "../../src/inference/options.js";
import { jsString } from "../../src/code/literals/javascript.js";
import { pythonString } from "../../src/code/literals/python.js";
import { jsonString, needsAnsiC, shellQuote } from "../../src/code/literals/shell.js";
import { needsEscape } from "../../src/code/literals/value.js";
import { terminalControl } from "../../src/values/terminal-controls.js";
import { commentText, oneLineText, visibleText } from "../../src/values/visible-text.js";

/*
 * One set of characters that must not reach a terminal raw (src/values/terminal-controls.ts), and every sanitizer
 * removes or escapes all of it: checked over the whole Basic Multilingual Plane, so a sanitizer with its own, shorter
 * list (one without C1, or U+2028, or the BOM) fails here.
 */

const bmp = Array.from({ length: 0x10000 }, (_, code) => code).filter((code) => code < 0xd800 || code > 0xdfff);
const controls = bmp.filter((code) => terminalControl.test(String.fromCharCode(code))).map((code) => String.fromCharCode(code));
const layout = new Set(["\n", "\t"]);
const rawIn = (text: string) => controls.filter((char) => text.includes(char));

describe("the terminal control set", () => {
  it("is C0, DEL, C1, U+2028, U+2029 and the BOM: 68 characters", () => {
    expect(controls).toHaveLength(0x20 + 0x21 + 3);
    expect(controls).toEqual(expect.arrayContaining(["\u001b", "\u0007", "\r", "\u0085", "\u009b", "\u2028", "\u2029", "\ufeff"]));
  });

  it("is what the literal writers escape, and no printable character is", () => {
    expect(bmp.filter((code) => needsEscape(code) !== terminalControl.test(String.fromCharCode(code)))).toEqual([]);
  });

  const sanitizers: [string, (text: string) => string, ReadonlySet<string>][] = [
    ["visibleText (keeps line breaks and tabs)", visibleText, layout],
    ["oneLineText", oneLineText, new Set()],
    ["commentText", commentText, new Set()],
    ["markdownText", markdownText, new Set()],
    ["jsonString (shell)", jsonString, new Set()],
    // Pretty-printed: its own line breaks are the document's layout; a value's line break is escaped by JSON itself.
    ["visibleJson", (text) => visibleJson({ text }), new Set(["\n"])],
    ["pythonString", pythonString, new Set()],
    ["jsString", jsString, new Set()],
  ];
  for (const [name, sanitize, kept] of sanitizers) {
    it(`${name} lets none of them through`, () => {
      const leaks = controls.filter((char) => !kept.has(char) && rawIn(sanitize(`a${char}b`)).some((raw) => !kept.has(raw)));
      expect(leaks.map((char) => char.charCodeAt(0).toString(16))).toEqual([]);
    });
  }

  it("puts every one but a line break and a tab in a $'…' shell word", () => {
    for (const char of controls) {
      expect(needsAnsiC(`a${char}b`), char.charCodeAt(0).toString(16)).toBe(!layout.has(char));
      if (char !== "\u0000") expect(rawIn(shellQuote(`a${char}b`)).filter((raw) => !layout.has(raw))).toEqual([]);
    }
  });

  it("keeps them out of the message of an unknown provider", () => {
    for (const char of controls) {
      let message = "";
      try {
        checkProvider(`rplicate${char}x`);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(rawIn(message)).toEqual([]);
    }
  });
});
