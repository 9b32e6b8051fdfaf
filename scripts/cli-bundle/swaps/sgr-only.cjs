// The shortcut the views' bundle adds to Ink's sanitizeAnsi (esbuild-plugins.mjs, viewsSourcePatches): text whose only
// escape sequences are SGR ones (colours, bold…: ESC [ digits, ':' or ';' m) and which holds no C1 control
// character comes out of sanitizeAnsi as it went in, since it keeps text and SGR sequences and drops the rest.
// Ink sanitises every styled text (each nested <Text> and the whole text again) before measuring it and again
// before drawing it, tokenising it one character at a time.
"use strict";

// A C1 control character (sanitizeAnsi checks code points; no surrogate is in this range), or an ESC that does
// not start an SGR sequence with plain parameters.
const notOnlySgr = /[\u0080-\u009f]|\u001b(?!\[[0-9:;]*m)/;

function onlySgrSequences(text) {
  return !notOnlySgr.test(text);
}

module.exports = { onlySgrSequences };
