import { Box } from "ink";
import { Text } from "./VisibleText.js";

/** The lines a ScrollView of `height` rows shows at once: one row fewer when it needs its "lines a–b of n" row. */
export const linesShown = (total: number, height: number): number => (total > height ? Math.max(1, height - 1) : height);

/**
 * `height` rows: a window of lines starting at `offset`, and, when they do not all fit, a last row that says which
 * are shown. Lines wider than the box are cut, not wrapped.
 */
export function ScrollView({ lines, offset, height: rows }: { lines: string[]; offset: number; height: number }) {
  const height = linesShown(lines.length, rows);
  const visible = lines.slice(offset, offset + height);
  const more = lines.length > height;
  return (
    <Box flexDirection="column">
      {visible.map((line, index) => (
        <Text key={offset + index} wrap="truncate-end">
          {line === "" ? " " : line}
        </Text>
      ))}
      {more ? (
        <Text dimColor>
          lines {offset + 1}–{Math.min(offset + height, lines.length)} of {lines.length}
        </Text>
      ) : null}
    </Box>
  );
}

/** The offset after a scroll key, kept inside the content. */
export function scrolled(offset: number, delta: number, total: number, height: number): number {
  return Math.max(0, Math.min(offset + delta, Math.max(0, total - height)));
}
