import { Box } from "ink";
import { Text } from "./VisibleText.js";

/** A window of `height` lines starting at `offset`; lines wider than the box are cut, not wrapped. */
export function ScrollView({ lines, offset, height }: { lines: string[]; offset: number; height: number }) {
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
