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

/** Every key of every screen, and how copying works, for the `?` overlay. */
export function HelpView({ sections }: { sections: readonly { title: string; hints: readonly KeyHint[] }[] }) {
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>Keys</Text>
      {sections.map((section) => (
        <Text key={section.title} wrap="wrap">
          <Text bold color="cyan">
            {section.title}:
          </Text>{" "}
          {section.hints.map((hint) => `${hint.keys} ${hint.action}`).join(" · ")}
        </Text>
      ))}
      <Text bold>Copying (c)</Text>
      <Text wrap="wrap">
        c copies with the system clipboard tool (wl-copy, xsel, xclip, pbcopy). Without one, it sends the terminal an
        OSC 52 copy request, which some terminals block. In tmux, allow it with: set -g set-clipboard on
      </Text>
      <Text bold>Typing and quitting</Text>
      <Text wrap="wrap">
        / opens the task filter and p a record's path: there every printable key is text, q and ? included, and Esc
        clears the text, then closes the input. Elsewhere q quits and Esc goes back. Ctrl+C quits anywhere.
      </Text>
      <Text dimColor>Press ? or Esc to close.</Text>
    </Box>
  );
}
