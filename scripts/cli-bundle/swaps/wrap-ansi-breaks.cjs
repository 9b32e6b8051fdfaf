// The last pass of Ink's wrap-ansi (9.0.2, exec) without its walk over every character: closes the open colour
// (and hyperlink) before each line break the wrapping added and re-opens them after it. Bundled through the
// views' source patches (esbuild-plugins.mjs); test/ui/views-patches.test.ts holds it to the original on random
// text. The original appends the text one code point at a time and reads its style state only at escape
// characters and line breaks; this reads the same state at the same places and copies the text between them.
"use strict";

const endCode = 39;
const styleOrLink = /(?:\[(?<code>\d+)m|\]8;;(?<uri>.*)\u0007)/;
const stops = /[\u001b\u009b\n]/g;

const ansiCode = (code) => `\u001b[${code}m`;
const ansiHyperlink = (url) => `\u001b]8;;${url}\u0007`;

function reopenStylesAcrossBreaks(preString, codes) {
  if (!preString.includes("\n")) return preString;
  let returnValue = "";
  let escapeCode;
  let escapeUrl;
  let from = 0;
  stops.lastIndex = 0;
  for (let match = stops.exec(preString); match !== null; match = stops.exec(preString)) {
    const index = match.index;
    if (preString[index] !== "\n") {
      // An escape character: as the original, the first colour code or hyperlink from here sets the state.
      const { groups } = styleOrLink.exec(preString.slice(index)) || { groups: {} };
      if (groups.code !== undefined) {
        const code = Number.parseFloat(groups.code);
        escapeCode = code === endCode ? undefined : code;
      } else if (groups.uri !== undefined) {
        escapeUrl = groups.uri.length === 0 ? undefined : groups.uri;
      }
      continue;
    }
    returnValue += preString.slice(from, index);
    const code = codes.get(Number(escapeCode));
    // After the character before a line break (the original's "next character is a line break").
    if (index > 0) {
      if (escapeUrl) returnValue += ansiHyperlink("");
      if (escapeCode && code) returnValue += ansiCode(code);
    }
    returnValue += "\n";
    // After a line break that another one does not follow.
    if (preString[index + 1] !== "\n") {
      if (escapeCode && code) returnValue += ansiCode(escapeCode);
      if (escapeUrl) returnValue += ansiHyperlink(escapeUrl);
    }
    from = index + 1;
  }
  return returnValue + preString.slice(from);
}

module.exports = { reopenStylesAcrossBreaks };
