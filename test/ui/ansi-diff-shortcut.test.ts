import { diffAnsiCodes, reduceAnsiCodes, styledCharsFromTokens, styledCharsToString, tokenize } from "@alcalzone/ansi-tokenize";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The CLI's views bundle adds a shortcut to ansi-tokenize's diffAnsiCodes (scripts/cli-bundle/esbuild-plugins.mjs,
// viewsSourcePatches): two styles with the same codes differ by nothing. This holds it to the original function.
const { sameAnsiCodes: same } = createRequire(import.meta.url)("../../scripts/cli-bundle/swaps/same-ansi-codes.cjs") as {
  sameAnsiCodes: (from: unknown[], to: unknown[]) => boolean;
};

const sgr = ["1", "2", "3", "4", "7", "9", "22", "23", "24", "31", "32", "36", "39", "41", "49", "38;5;200", "48;2;10;20;30", "0"];

/** A reduced style, as Ink holds one per character, from a few random SGR codes. */
function randomStyle(random: () => number) {
  const codes = Array.from({ length: Math.floor(random() * 5) }, () => `\u001b[${sgr[Math.floor(random() * sgr.length)]}m`).join("");
  return reduceAnsiCodes(styledCharsFromTokens(tokenize(`${codes}x`))[0]?.styles ?? []);
}

describe("the views' shortcut in ansi-tokenize's diffAnsiCodes", () => {
  it("answers only when the original's answer is empty", () => {
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let shortcuts = 0;
    for (let round = 0; round < 5000; round += 1) {
      const from = randomStyle(random);
      const to = round % 2 === 0 ? from.map((code) => ({ ...code })) : randomStyle(random);
      if (same(from, to)) {
        shortcuts += 1;
        expect(diffAnsiCodes(from, to)).toEqual([]);
      }
    }
    expect(shortcuts).toBeGreaterThan(2500);
  });

  it("is told apart from different styles", () => {
    const [bold, red] = ["\u001b[1mx", "\u001b[31mx"].map((text) => styledCharsFromTokens(tokenize(text))[0]!.styles);
    expect(same(bold!, red!)).toBe(false);
    expect(same(bold!, [])).toBe(false);
    expect(same([], [])).toBe(true);
    expect(styledCharsToString(styledCharsFromTokens(tokenize("\u001b[1mab\u001b[22mc")))).toBe("\u001b[1mab\u001b[22mc");
  });

  it("is in the views' bundle", () => {
    const bundle = readFileSync(join(import.meta.dirname, "..", "..", "dist", "ui.cjs"), "utf8");
    // Matched, not printed: a failure would print the whole bundle.
    expect(/function [\w$]+\(([\w$]+),([\w$]+)\)\{if\(\(0,[\w$]+\.sameAnsiCodes\)\(\1,\2\)\)return\[\];/.test(bundle)).toBe(true);
  });
});
