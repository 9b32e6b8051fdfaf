// ansi-tokenize's tokenize for text of printable ASCII and escape sequences (most of what Ink draws), bundled through
// the views' source patches (esbuild-plugins.mjs): in such text every character is a grapheme of its own and one
// column wide, so it reads the text by index instead of through a grapheme segmenter and the full-width checks.
// It builds the same tokens, with the module's own escape parsers (passed in); test/ui/views-patches.test.ts holds
// it to the original on random text.
"use strict";

const printableAscii = /^[\x20-\x7e\x1b]*$/;

/** Tokens for `text`, or undefined when it holds anything else than printable ASCII and ESC. */
function tokenizeAscii(text, endChar, { parseLinkCode, parseSGRSequence, splitCompoundSGRSequences, getEndCode, CSI, OSC }) {
  if (!printableAscii.test(text)) return undefined;
  const tokens = [];
  let visible = 0;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === "\x1b") {
      let code;
      const nextCodePoint = text.codePointAt(index + 1);
      if (nextCodePoint === OSC) {
        code = parseLinkCode(text, index);
        if (code) tokens.push({ type: "ansi", code, endCode: getEndCode(code) });
      } else if (nextCodePoint === CSI) {
        code = parseSGRSequence(text, index);
        if (code) {
          for (const individualCode of splitCompoundSGRSequences(code))
            tokens.push({ type: "ansi", code: individualCode, endCode: getEndCode(individualCode) });
        }
      }
      if (code) {
        index += code.length - 1;
        continue;
      }
    }
    tokens.push({ type: "char", value: character, fullWidth: false });
    visible += 1;
    if (visible >= endChar) break;
  }
  return tokens;
}

module.exports = { tokenizeAscii };
