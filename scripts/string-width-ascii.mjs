// Bundled in place of string-width for the CLI: printable ASCII (by far the common case) is measured by its
// length; anything else goes to the real string-width, whose grapheme segmentation costs ~40 ms per view.
import measureUnicode from "string-width-real";

const printableAscii = /^[\x20-\x7e]*$/;

export default function stringWidth(text, options) {
  return typeof text === "string" && printableAscii.test(text) ? text.length : measureUnicode(text, options);
}
