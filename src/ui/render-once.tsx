import { renderToString } from "./ink-parts.js";
import type { ReactElement } from "react";
import type { Document, Table } from "../presenters/document.js";
import { DocumentView } from "./DocumentView.js";
import { TableView } from "./TableView.js";

/**
 * Draws a component once, at the terminal's width, and writes it like ordinary output: a one-shot command
 * must not clear the screen or the scrollback the way a live Ink frame taller than the window does.
 */
export function printOnce(element: ReactElement): void {
  const columns = process.stdout.columns > 0 ? process.stdout.columns : 80;
  process.stdout.write(`${renderToString(element, { columns })}\n`);
}

export function showTable(table: Table): void {
  printOnce(<TableView table={table} />);
}

export function showDocument(document: Document): void {
  printOnce(<DocumentView document={document} />);
}
