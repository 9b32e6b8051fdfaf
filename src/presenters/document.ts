import { oneLineText } from "../values/visible-text.js";

/**
 * A terminal-neutral description of what a command shows: the plain-text printer and the Ink components
 * both render it, so a piped run and a terminal run always carry the same content.
 */
export interface DocumentLine {
  /** The main text of the line, such as an id. */
  primary: string;
  /** Text that explains the primary text, shown after it. */
  secondary?: string;
}

export interface DocumentSection {
  title: string;
  lines: DocumentLine[];
}

export interface Document {
  title: string;
  subtitle?: string;
  sections: DocumentSection[];
}

export interface Table {
  headers: string[];
  rows: string[][];
  /** Columns never cut (a link cut with … is useless): where one cannot be shown whole, it goes on a line of its own. */
  whole?: number[];
}

/** A cell, a title or a line as both renderers show it: on one line, a record's control characters as escapes. */
export const shownText = oneLineText;

/** The width of each column: its widest cell as shown, header included. Both table renderers align on it. */
export function columnWidths(table: Table): number[] {
  const all = [table.headers, ...table.rows];
  return table.headers.map((_, column) => Math.max(...all.map((row) => shownText(row[column] ?? "").length)));
}
