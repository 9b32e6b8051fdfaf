// Bundled in place of string-width for the CLI. Text whose characters are all one column wide in any terminal
// (printable ASCII, Latin, Greek and Cyrillic letters, common punctuation, arrows, box drawing: by far the common
// case, also once colour codes are set aside) is measured by its length. Anything else goes to the real
// string-width, loaded only then: it creates an Intl.Segmenter when it loads (~9 ms of ICU start-up) and segments
// every string it measures. test/ui/string-width-fast.test.ts checks every character of the fast set against it.
"use strict";

const singleColumn = /^[\x20-\x7e\xa0-\xac\xae-\u02ff\u0370-\u0482\u2010-\u2027\u2030-\u205e\u2190-\u21ff\u2500-\u259f]*$/;
const colourCodes = /\x1b\[[0-9;]*m/g;

let measureUnicode;

function stringWidth(text, options) {
  if (typeof text === "string") {
    const visible = !options?.countAnsiEscapeCodes && text.includes("\x1b") ? text.replace(colourCodes, "") : text;
    if (singleColumn.test(visible)) return visible.length;
  }
  measureUnicode ??= require("string-width-real").default;
  return measureUnicode(text, options);
}

module.exports = stringWidth;
module.exports.default = stringWidth;
module.exports.singleColumn = singleColumn;
