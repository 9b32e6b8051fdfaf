// Bundled in place of two ICU calls in the packages that lay out the views' text: `new Intl.Segmenter(…)`
// (grapheme granularity: wrap-ansi, slice-ansi and @alcalzone/ansi-tokenize, Ink's output, each create one when
// they load and then segment every string written) and `text.normalize()` (wrap-ansi, on every string it wraps).
// The first ICU segmenter or normaliser of a run starts ICU: 9–23 ms on Node 20, 13–17 ms on Node 24, before the
// first frame. Plain text, by far the common case, needs neither:
// - text whose characters are each a grapheme cluster of their own (ASCII but the carriage return, which joins a
//   following line feed; Latin, Greek and Cyrillic letters without combining marks; common punctuation, arrows,
//   box drawing; colour codes) is split character by character, as ICU would split it;
// - text made of characters that no normalisation changes, alone or beside each other (the same set without
//   Greek), is its own NFC form.
// Anything else goes to ICU. test/ui/plain-text-fast.test.ts checks every character of both sets, and every pair
// of them, against Intl.Segmenter and String.prototype.normalize.
"use strict";

const ownClusters = /^[\x00-\x0c\x0e-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u259f]*$/;
const ownNfc = /^[\x00-\u02ff\u0400-\u0482\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u259f]*$/;

/** What Intl.Segmenter's segment() returns (iterable, and `containing`), for text split character by character. */
class OneByOne {
  constructor(text) {
    this.text = text;
  }

  containing(position = 0) {
    const index = Math.trunc(Number(position)) || 0;
    if (index < 0 || index >= this.text.length) return undefined;
    return { segment: this.text[index], index, input: this.text };
  }

  *[Symbol.iterator]() {
    for (let index = 0; index < this.text.length; index += 1) yield { segment: this.text[index], index, input: this.text };
  }
}

class FastGraphemeSegmenter {
  constructor(locales, options) {
    this.locales = locales;
    this.options = options;
    this.graphemes = options?.granularity === undefined || options.granularity === "grapheme";
    this.real = undefined;
  }

  segment(text) {
    const string = String(text);
    if (this.graphemes && ownClusters.test(string)) return new OneByOne(string);
    this.real ??= new Intl.Segmenter(this.locales, this.options);
    return this.real.segment(string);
  }
}

/** `text.normalize()` (NFC), without ICU for text that is its own NFC form. */
function normalizeFast(text) {
  const string = String(text);
  return ownNfc.test(string) ? string : string.normalize();
}

module.exports = { FastGraphemeSegmenter, normalizeFast, ownClusters, ownNfc };
