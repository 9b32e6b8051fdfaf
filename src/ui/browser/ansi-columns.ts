// Code lines carry the highlighter's colour codes (SGR), which take no columns on screen.
const sgr = /\u001b\[[0-9;]*m/y;

/** Columns a code point takes: 0 for combining marks and joiners, 2 for wide (East Asian, emoji) ones. */
function codePointWidth(codePoint: number): number {
  if ((codePoint >= 0x300 && codePoint <= 0x36f) || (codePoint >= 0x200b && codePoint <= 0x200f) || (codePoint >= 0xfe00 && codePoint <= 0xfe0f)) return 0;
  const wide =
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd);
  return wide ? 2 : 1;
}

interface Piece {
  text: string;
  width: number;
  colour: boolean;
}

function pieces(line: string): Piece[] {
  const result: Piece[] = [];
  let index = 0;
  while (index < line.length) {
    sgr.lastIndex = index;
    const code = sgr.exec(line);
    if (code) {
      result.push({ text: code[0], width: 0, colour: true });
      index += code[0].length;
      continue;
    }
    const codePoint = line.codePointAt(index) ?? 0;
    const text = String.fromCodePoint(codePoint);
    result.push({ text, width: codePointWidth(codePoint), colour: false });
    index += text.length;
  }
  return result;
}

/** The columns a line takes on screen, colour codes aside. */
export function lineWidth(line: string): number {
  return pieces(line).reduce((sum, piece) => sum + piece.width, 0);
}

/**
 * The part of a line between columns `start` and `start + width`, with every colour code kept, and no ellipsis
 * or other mark added: what shows is the code itself, so a mouse copy of a line takes exactly what it shows.
 */
export function sliceColumns(line: string, start: number, width: number): string {
  let column = 0;
  let out = "";
  for (const piece of pieces(line)) {
    if (piece.colour) out += piece.text;
    else if (column >= start && column + piece.width <= start + width) out += piece.text;
    column += piece.width;
  }
  return out;
}
