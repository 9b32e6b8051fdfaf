import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// Ink's own module (its package exports only its index), the function the shortcut is added to.
import sanitizeAnsi from "../../node_modules/ink/build/sanitize-ansi.js";

// The CLI's views bundle adds a shortcut to Ink's sanitizeAnsi (scripts/cli-bundle/esbuild-plugins.mjs,
// ansiShortcuts): text with SGR sequences only comes back as it is. This holds it to the original function.
const { onlySgrSequences } = createRequire(import.meta.url)("../../scripts/cli-bundle/swaps/sgr-only.cjs") as {
  onlySgrSequences: (text: string) => boolean;
};

// Pieces that make SGR sequences, other CSI sequences, escape sequences, control strings (OSC, DCS…) with their
// terminators, C1 characters, malformed ends, and plain text (ASCII, Latin, CJK, an emoji, a lone surrogate).
const pieces = [
  "\u001b",
  "[",
  "]",
  "\\",
  "P",
  "^",
  "_",
  "X",
  "m",
  "H",
  "J",
  "K",
  "?",
  "<",
  "1",
  "3",
  "9",
  "0",
  ";",
  ":",
  " ",
  "!",
  "/",
  "\u0007",
  "\u009b",
  "\u009c",
  "\u009d",
  "\u0090",
  "\u0085",
  "\u009f",
  "\u0080",
  "\u007f",
  "a",
  "é",
  "日",
  "😀",
  "\ud800",
  "\u001b[32m",
  "\u001b[39m",
  "\u001b[1m",
  "\u001b[22m",
  "\u001b[38;5;200m",
  "\u001b[38:2::1:2:3m",
  "\u001b[m",
  "\u001b[2J",
  "\u001b[?25l",
  "\u001b]8;;https://x\u0007",
  "\u001b]8;;\u001b\\",
  "\u001b7",
  "\u001b(B",
  "\u001bP1$r\u001b\\",
  "text ",
];

describe("the views' shortcut in Ink's sanitizeAnsi", () => {
  it("answers only for text the original returns unchanged", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let shortcuts = 0;
    for (let round = 0; round < 20_000; round += 1) {
      // Half the texts are built from SGR sequences and plain text only, so that both answers are exercised.
      const from = round % 2 === 0 ? pieces : pieces.filter((piece) => !piece.includes("\u001b") || /^\u001b\[[\d:;]*m$/.test(piece));
      const text = Array.from({ length: 1 + Math.floor(random() * 12) }, () => from[Math.floor(random() * from.length)]).join("");
      if (onlySgrSequences(text)) {
        shortcuts += 1;
        expect(sanitizeAnsi(text), JSON.stringify(text)).toBe(text);
      }
    }
    expect(shortcuts).toBeGreaterThan(5000);
  });

  it("leaves to the original any text it would change", () => {
    for (const text of ["a\u001b[2Jb", "\u001b]8;;x\u0007link", "\u009b31m", "a\u0085b", "\u001b[31", "\u001b", "\u001b[1;2Hm"]) {
      expect(onlySgrSequences(text), JSON.stringify(text)).toBe(false);
    }
    expect(onlySgrSequences("\u001b[32mid\u001b[39m  text-to-image")).toBe(true);
  });

  it("is in the views' bundle", () => {
    const bundle = readFileSync(join(import.meta.dirname, "..", "..", "dist", "ui.cjs"), "utf8");
    // Matched, not printed: a failure would print the whole bundle.
    expect(/[\w$]+=([\w$]+)=>\{if\(\(0,[\w$]+\.onlySgrSequences\)\(\1\)/.test(bundle)).toBe(true);
  });
});
