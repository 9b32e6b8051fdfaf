import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { expandTabs, lineWidth, sliceColumns } from "../../src/ui/browser/ansi-columns.js";

// The code view cuts lines by its own count of columns, Ink lays the rows out by string-width's: where they differ,
// a row Ink thinks fits is wider on screen (or a cut leaves half an emoji sequence). One count, string-width's.
const samples = ["plain ascii", "family 👨‍👩‍👧 end", "flag 🇫🇷 and 👍🏽", "wide 日本語", "e\u0301 marks", "… › · ─ │", "\u001b[36mcolour\u001b[39m 👨‍👩‍👧"];

describe("the code view's columns", () => {
  it("measures every line as Ink's string-width does", () => {
    for (const text of samples) expect(lineWidth(text), text).toBe(stringWidth(text));
  });

  it("never cuts a grapheme: a slice is whole graphemes within its columns", () => {
    for (const text of samples) {
      for (let start = 0; start < lineWidth(text); start += 1) {
        const slice = sliceColumns(text, start, 5);
        expect(stringWidth(slice), `${text} from ${start}`).toBeLessThanOrEqual(5);
        expect(text.replace(/\u001b\[[0-9;]*m/g, ""), `${text} from ${start}`).toContain(slice.replace(/\u001b\[[0-9;]*m/g, ""));
      }
    }
    expect(sliceColumns("ab👨‍👩‍👧cd", 2, 2)).toBe("👨‍👩‍👧");
  });

  it("expands tabs to the terminal's stops of 8 columns, colour codes aside", () => {
    expect(expandTabs("a\tb")).toBe(`a${" ".repeat(7)}b`);
    expect(expandTabs("\u001b[36mabc\u001b[39m\tx")).toBe(`\u001b[36mabc\u001b[39m${" ".repeat(5)}x`);
    expect(lineWidth(expandTabs("日本\tx"))).toBe(9);
  });
});
