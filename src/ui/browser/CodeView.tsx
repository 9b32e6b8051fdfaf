import { Box, Text } from "ink";
import { lineWidth, sliceColumns } from "./ansi-columns.js";

export interface CodeViewProps {
  /** Highlighted code, one entry per line. */
  lines: readonly string[];
  /** First line shown. */
  top: number;
  /** First column shown. */
  left: number;
  width: number;
  height: number;
}

/** The widest line, for horizontal scrolling. */
export function codeWidth(lines: readonly string[]): number {
  return lines.reduce((widest, line) => Math.max(widest, lineWidth(line)), 0);
}

/**
 * A window onto code: lines are cut at the edges, never wrapped and never marked, so what shows of a line
 * is exactly that part of the code (a mouse copy takes nothing else). A last line says where the window is. It
 * always takes `height` rows and that line, so the rows below it stay put whatever the code's length.
 */
export function CodeView({ lines, top, left, width, height }: CodeViewProps) {
  const widest = codeWidth(lines);
  const visible = lines.slice(top, top + height);
  const blank = Math.max(0, height - visible.length);
  const where: string[] = [];
  if (lines.length > height) where.push(`lines ${top + 1}–${Math.min(top + height, lines.length)} of ${lines.length} (↑/↓)`);
  if (widest > width) where.push(`columns ${left + 1}–${Math.min(left + width, widest)} of ${widest} (</>)`);
  return (
    <Box flexDirection="column">
      {visible.map((line, index) => {
        const shown = sliceColumns(line, left, width);
        // An empty line still takes its row.
        return (
          <Text key={top + index} wrap="truncate-end">
            {lineWidth(shown) === 0 ? " " : shown}
          </Text>
        );
      })}
      {Array.from({ length: blank }, (_, index) => (
        <Text key={`blank-${index}`}> </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        {where.length > 0 ? where.join(" · ") : " "}
      </Text>
    </Box>
  );
}
