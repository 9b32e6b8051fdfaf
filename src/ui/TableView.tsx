import { Box, Text } from "./ink-parts.js";
import { columnWidths, shownText, type Table } from "../presenters/document.js";

/** A table with a bold header row; columns are as wide as their widest cell. */
export function TableView({ table }: { table: Table }) {
  const all = [table.headers, ...table.rows];
  const widths = columnWidths(table);
  return (
    <Box flexDirection="column">
      {all.map((row, rowIndex) => (
        <Box key={rowIndex} gap={2}>
          {row.map((cell, column) => (
            <Box key={column} width={widths[column]} flexShrink={0}>
              <Text bold={rowIndex === 0} color={rowIndex === 0 ? "cyan" : column === 0 ? "green" : undefined} wrap="truncate">
                {shownText(cell)}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
