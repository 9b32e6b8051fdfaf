import { Box, Text } from "./ink-parts.js";
import { columnWidths, shownText, type Table } from "../presenters/document.js";
import { fitColumns } from "../presenters/table-fit.js";

/**
 * A table with a bold header row; columns are as wide as their widest cell, narrowed to fit `width` (a cell cut with
 * …, the last columns left out when even that is not enough).
 */
export function TableView({ table, width = Number.POSITIVE_INFINITY }: { table: Table; width?: number }) {
  const all = [table.headers, ...table.rows];
  const { widths, kept } = fitColumns(columnWidths(table), table.headers, width);
  return (
    <Box flexDirection="column">
      {all.map((row, rowIndex) => (
        <Box key={rowIndex} gap={2}>
          {row.slice(0, kept).map((cell, column) => (
            <Box key={column} width={widths[column]} flexShrink={0}>
              <Text bold={rowIndex === 0} color={rowIndex === 0 ? "cyan" : column === 0 ? "green" : undefined} wrap="truncate-end">
                {shownText(cell)}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
