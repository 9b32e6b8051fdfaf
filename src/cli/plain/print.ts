import { columnWidths, shownText, type Document, type Table } from "../../presenters/document.js";

/** A table as aligned columns of plain text, for pipes and files. */
export function plainTable(table: Table): string {
  const all = [table.headers, ...table.rows];
  const widths = columnWidths(table);
  return all
    .map((row) => row.map((cell, column) => (column === row.length - 1 ? shownText(cell) : shownText(cell).padEnd(widths[column] ?? 0))).join("  "))
    .join("\n")
    .concat("\n");
}

/** A document as plain text: a title, then one indented block per section. */
export function plainDocument(document: Document): string {
  const out: string[] = [document.title];
  if (document.subtitle) out.push("", document.subtitle);
  for (const section of document.sections) {
    out.push("", `${section.title}:`);
    for (const line of section.lines) {
      out.push(line.secondary ? `  ${line.primary}  ${line.secondary}` : `  ${line.primary}`);
    }
  }
  return out.join("\n").concat("\n");
}
