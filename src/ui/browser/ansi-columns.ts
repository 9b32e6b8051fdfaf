import stringWidth from "string-width";

// Code lines carry the highlighter's colour codes (SGR), which take no columns on screen.
const sgr = /\u001b\[[0-9;]*m/y;

// Created on first use: most code is plain text, measured without ICU (string-width's own fast path in the CLI).
let graphemes: Intl.Segmenter | undefined;

interface Piece {
  text: string;
  width: number;
  colour: boolean;
}

/** A run of text between colour codes, as graphemes with the columns Ink's string-width gives each. */
function textPieces(text: string): Piece[] {
  // One column per character when string-width says the run is as wide as it is long (ASCII, Latin, box drawing…).
  if (stringWidth(text) === text.length && !/[\ud800-\udfff]/.test(text)) return [...text].map((char) => ({ text: char, width: 1, colour: false }));
  graphemes ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return [...graphemes.segment(text)].map(({ segment }) => ({ text: segment, width: stringWidth(segment), colour: false }));
}

function pieces(line: string): Piece[] {
  const result: Piece[] = [];
  let index = 0;
  let start = 0;
  while (index < line.length) {
    sgr.lastIndex = index;
    const code = sgr.exec(line);
    if (!code) {
      index += 1;
      continue;
    }
    if (index > start) result.push(...textPieces(line.slice(start, index)));
    result.push({ text: code[0], width: 0, colour: true });
    index += code[0].length;
    start = index;
  }
  if (index > start) result.push(...textPieces(line.slice(start, index)));
  return result;
}

/**
 * The columns a line takes on screen, colour codes aside: string-width's count, grapheme by grapheme, the one Ink
 * lays its rows out by, so a row the code view cuts to the window's width is one Ink draws at that width.
 */
export function lineWidth(line: string): number {
  return pieces(line).reduce((sum, piece) => sum + piece.width, 0);
}

/**
 * The line with each tab replaced by the spaces to the terminal's next tab stop (every 8 columns): string-width counts
 * a tab as no column, where the terminal moves up to 8.
 */
export function expandTabs(line: string): string {
  if (!line.includes("\t")) return line;
  let column = 0;
  let out = "";
  for (const piece of pieces(line)) {
    if (piece.text === "\t") {
      const spaces = 8 - (column % 8);
      out += " ".repeat(spaces);
      column += spaces;
    } else {
      out += piece.text;
      column += piece.width;
    }
  }
  return out;
}

/**
 * The part of a line between columns `start` and `start + width`, with every colour code kept, whole graphemes only,
 * and no ellipsis or other mark added: what shows is the code itself, so a mouse copy of a line takes exactly what
 * it shows.
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
