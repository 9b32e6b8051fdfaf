// The shortcut the views' bundle adds to ansi-tokenize's diffAnsiCodes (esbuild-plugins.mjs, viewsSourcePatches):
// two styles holding the same codes in the same order differ by nothing.
"use strict";

function sameAnsiCodes(from, to) {
  if (from === to) return true;
  if (from.length !== to.length) return false;
  for (let index = 0; index < from.length; index += 1) {
    if (from[index].code !== to[index].code || from[index].endCode !== to[index].endCode) return false;
  }
  return true;
}

module.exports = { sameAnsiCodes };
