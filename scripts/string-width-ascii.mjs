// Bundled in place of string-width for the CLI: printable ASCII (by far the common case, also once colour codes
// are set aside) is measured by its length; anything else goes to the real string-width, whose grapheme
// segmentation cost ~40 ms per task page.
import measureUnicode from "string-width-real";

const printableAscii = /^[\x20-\x7e]*$/;
const colourCodes = /\x1b\[[0-9;]*m/g;

export default function stringWidth(text, options) {
  if (typeof text !== "string") return measureUnicode(text, options);
  const visible = !options?.countAnsiEscapeCodes && text.includes("\x1b") ? text.replace(colourCodes, "") : text;
  return printableAscii.test(visible) ? visible.length : measureUnicode(text, options);
}
