import { createRequire } from "node:module";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";

// The CLI bundle measures text with scripts/cli-bundle/swaps/string-width-fast.cjs: text made only of the characters below is
// measured by its length. That is right only if string-width (what Ink would otherwise use) gives each of them
// one column, which this checks for every character of the set.
const fast = createRequire(import.meta.url)("../../scripts/cli-bundle/swaps/string-width-fast.cjs") as {
  (text: string): number;
  singleColumn: RegExp;
};

describe("the CLI's string-width fast path", () => {
  it("only takes characters string-width measures as one column", () => {
    const taken: number[] = [];
    for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
      if (fast.singleColumn.test(String.fromCharCode(codePoint))) taken.push(codePoint);
    }
    expect(taken.length).toBeGreaterThan(1000);
    const otherWidths = taken.filter((codePoint) => stringWidth(String.fromCharCode(codePoint)) !== 1).map((codePoint) => codePoint.toString(16));
    expect(otherWidths).toEqual([]);
  });

  it("refuses controls, soft hyphens, combining marks, wide and zero-width characters", () => {
    for (const text of ["\t", "\u00ad", "e\u0301", "\u200b", "日本", "😀", "\u0483"]) expect(fast.singleColumn.test(text)).toBe(false);
  });

  it("measures fast-path text, colour codes included, as string-width does", () => {
    for (const text of ["", "plain ascii", "\u001b[1m\u001b[36mText-to-Image\u001b[39m\u001b[22m", "café · α → ›", "Dvořák – “quoted” …"]) {
      expect(fast(text)).toBe(stringWidth(text));
    }
  });
});
