import { Box, Text } from "./ink-parts.js";
import { columnWidths, shownText, type Table } from "../presenters/document.js";
import { fitColumns } from "../presenters/table-fit.js";

/**
 * A table with a bold header row; columns are as wide as their widest cell, narrowed to fit `width` (a cell cut with
 * …, the last columns left out when even that is not enough). A column the table keeps whole (a URL) is never cut:
 * when it cannot be shown whole beside the others, each row shows it on a line of its own, beneath, indented.
 */
export function TableView({ table, width = Number.POSITIVE_INFINITY }: { table: Table; width?: number }) {
  const full = columnWidths(table);
  const fitted = fitColumns(full, table.headers, width);
  const whole = table.whole ?? [];
  const cut = whole.some((column) => column >= fitted.kept || (fitted.widths[column] ?? 0) < (full[column] ?? 0));
  if (!cut) return <Rows rows={[table.headers, ...table.rows]} widths={fitted.widths} kept={fitted.kept} beneath={[]} />;
  // The whole columns go beneath their row; the others fit the width as any table's do.
  const inline = table.headers.map((_, column) => column).filter((column) => !whole.includes(column));
  const pick = (row: readonly string[], columns: readonly number[]) => columns.map((column) => row[column] ?? "");
  const narrower = fitColumns(
    inline.map((column) => full[column] ?? 0),
    pick(table.headers, inline),
    width,
  );
  const all = [table.headers, ...table.rows];
  return <Rows rows={all.map((row) => pick(row, inline))} widths={narrower.widths} kept={narrower.kept} beneath={all.map((row) => pick(row, whole))} />;
}

function Rows({ rows, widths, kept, beneath }: { rows: string[][]; widths: number[]; kept: number; beneath: string[][] }) {
  return (
    <Box flexDirection="column">
      {rows.map((row, rowIndex) => (
        <Box key={rowIndex} flexDirection="column">
          <Box gap={2}>
            {row.slice(0, kept).map((cell, column) => (
              <Box key={column} width={widths[column]} flexShrink={0}>
                <Text bold={rowIndex === 0} color={rowIndex === 0 ? "cyan" : column === 0 ? "green" : undefined} wrap="truncate-end">
                  {shownText(cell)}
                </Text>
              </Box>
            ))}
          </Box>
          {(beneath[rowIndex] ?? []).map((cell, index) => (
            <Box key={`beneath-${index}`} paddingLeft={2}>
              <Text bold={rowIndex === 0} color={rowIndex === 0 ? "cyan" : undefined} wrap="wrap">
                {shownText(cell)}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
