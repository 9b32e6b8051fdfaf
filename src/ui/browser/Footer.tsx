import { Box } from "ink";
import { Text } from "./VisibleText.js";

export interface KeyHint {
  keys: string;
  action: string;
}

const hintWidth = (hint: KeyHint) => [...hint.keys].length + 1 + [...hint.action].length;
const gap = 2;

/**
 * The hints that fit in `width` columns, in order; the last one (`? keys`, where the others are listed) is kept
 * whatever else has to go, so a narrow terminal still says where to find every key.
 */
export function fittingHints(hints: readonly KeyHint[], width: number): KeyHint[] {
  const last = hints.at(-1);
  if (!last) return [];
  const kept: KeyHint[] = [];
  let used = hintWidth(last);
  for (const hint of hints.slice(0, -1)) {
    const needed = hintWidth(hint) + gap;
    if (used + needed > width) break;
    kept.push(hint);
    used += needed;
  }
  return [...kept, last];
}

/** The keys that work on the current screen, always visible at the bottom, on one line that fits. */
export function Footer({ hints, width }: { hints: readonly KeyHint[]; width: number }) {
  return (
    <Box>
      <Text wrap="truncate-end">
        {fittingHints(hints, width).map((hint, index) => (
          <Text key={hint.keys}>
            {index > 0 ? "  " : ""}
            <Text bold color="cyan">
              {hint.keys}
            </Text>{" "}
            {hint.action}
          </Text>
        ))}
      </Text>
    </Box>
  );
}
