import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The CLI bundles give wrap-ansi, slice-ansi and Ink's ansi-tokenize scripts/cli-bundle/swaps/plain-text-fast.cjs in
// place of Intl.Segmenter and String.prototype.normalize: text made only of the characters of its sets is split
// character by character, or kept as its own NFC form. That is right only if ICU agrees: every character of each
// set on its own, and every pair of them (grapheme clusters and canonical composition join adjacent characters
// only), is checked here against Intl.Segmenter and normalize().
interface Segment {
  segment: string;
  index: number;
}
const { FastGraphemeSegmenter, normalizeFast, ownClusters, ownNfc } = createRequire(import.meta.url)("../../scripts/cli-bundle/swaps/plain-text-fast.cjs") as {
  FastGraphemeSegmenter: new (locales?: string, options?: Intl.SegmenterOptions) => { segment(text: string): Iterable<Segment> };
  normalizeFast: (text: string) => string;
  ownClusters: RegExp;
  ownNfc: RegExp;
};

/** Every BMP character the pattern takes. */
function charactersOf(pattern: RegExp): string[] {
  const taken: string[] = [];
  for (let codePoint = 0; codePoint <= 0xffff; codePoint += 1) {
    if (pattern.test(String.fromCharCode(codePoint))) taken.push(String.fromCharCode(codePoint));
  }
  return taken;
}

const icu = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const split = (segments: Iterable<Segment>) => [...segments].map(({ segment, index }) => [segment, index]);

describe("the CLI's grapheme segmenter fast path", () => {
  const taken = charactersOf(ownClusters);

  it("takes only characters ICU splits one by one, alone and beside any other of them", () => {
    expect(taken.length).toBeGreaterThan(1000);
    const alone = taken.filter((char) => [...icu.segment(char)].length !== 1);
    expect(alone).toEqual([]);
    // Every ordered pair, in long strings (one per first character): ICU must split each into single characters.
    const joined: string[] = [];
    for (const first of taken) {
      const text = taken.map((second) => first + second).join("");
      for (const { segment } of icu.segment(text)) if (segment.length !== 1) joined.push(segment);
    }
    expect(joined).toEqual([]);
    // About two million characters through ICU: 4 s alone, past 30 s with the machine busy.
  }, 300_000);

  it("refuses a carriage return, combining marks, joiners, emoji and wide characters", () => {
    for (const text of ["\r\n", "e\u0301", "a\u200db", "😀", "🇫🇷", "日本", "\u0483", "\ufe0f"]) expect(ownClusters.test(text), text).toBe(false);
  });

  it("splits text as Intl.Segmenter does, on the fast path and off it", () => {
    const fast = new FastGraphemeSegmenter(undefined, { granularity: "grapheme" });
    const byDefault = new FastGraphemeSegmenter();
    const texts = ["", "plain ascii", "\u001b[1m\u001b[36mText-to-Image\u001b[39m\u001b[22m", "café · α → › │ ─", "line\r\nbreak", "e\u0301 👍🏽 🇫🇷 日本 👨‍👩‍👧"];
    for (const text of texts) {
      expect(split(fast.segment(text)), text).toEqual(split(icu.segment(text)));
      expect(split(byDefault.segment(text)), text).toEqual(split(icu.segment(text)));
    }
  });

  it("answers containing() as Intl.Segmenter's segments do, at every index and past either end", () => {
    const fast = new FastGraphemeSegmenter(undefined, { granularity: "grapheme" });
    for (const text of ["", "plain ascii", "\u001b[1mA\u001b[22m", "e\u0301 👍🏽 x"]) {
      const ours = fast.segment(text) as unknown as Intl.Segments;
      const theirs = icu.segment(text);
      for (const index of [-1, 0, 1, 2, 5, text.length - 1, text.length, text.length + 3]) {
        const [a, b] = [ours.containing(index), theirs.containing(index)];
        expect(a && [a.segment, a.index, a.input], `${JSON.stringify(text)} at ${index}`).toEqual(b && [b.segment, b.index, b.input]);
      }
      expect(ours.containing()?.index).toBe(theirs.containing()?.index);
    }
  });

  it("leaves word and sentence segmentation to Intl.Segmenter", () => {
    const words = new FastGraphemeSegmenter("en", { granularity: "word" });
    expect(split(words.segment("two words"))).toEqual([
      ["two", 0],
      [" ", 3],
      ["words", 4],
    ]);
  });
});

describe("the CLI's normalize fast path", () => {
  const taken = charactersOf(ownNfc);

  it("takes only characters NFC leaves as they are, alone and beside any other of them", () => {
    expect(taken.length).toBeGreaterThan(1000);
    expect(taken.filter((char) => char.normalize() !== char)).toEqual([]);
    const changed = taken.filter((first) => {
      const text = taken.map((second) => first + second).join("");
      return text.normalize() !== text;
    });
    expect(changed).toEqual([]);
  });

  it("refuses combining marks, Greek singletons, Hangul jamo and compatibility characters", () => {
    for (const text of ["e\u0301", "\u037e", "\u0387", "\u1100\u1161", "\u2126", "\u212b"]) expect(ownNfc.test(text), text).toBe(false);
  });

  it("normalises as normalize() does, on the fast path and off it", () => {
    for (const text of ["", "plain ascii", "café → │", "e\u0301", "\u1100\u1161", "\u2126 \u037e", "\u001b[1mA\u001b[22m\u030a"]) {
      expect(normalizeFast(text), JSON.stringify(text)).toBe(text.normalize());
    }
  });
});

describe("the views' bundle", () => {
  it("calls Intl.Segmenter and normalize() only through the fast paths", () => {
    const bundle = readFileSync(join(import.meta.dirname, "..", "..", "dist", "ui.cjs"), "utf8");
    // Two, each created on first use by text off its fast path: FastGraphemeSegmenter's real one, and the code view's
    // (src/ui/browser/ansi-columns.ts, for a line that is not one column per character).
    expect(bundle.split("new Intl.Segmenter(").length - 1).toBe(2);
    expect(bundle.split(".normalize(").length - 1).toBe(1);
    expect(bundle).toContain("FastGraphemeSegmenter");
  });
});
