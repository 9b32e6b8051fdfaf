import { Box } from "ink";
import wrapAnsi from "wrap-ansi";
import { Text } from "./VisibleText.js";
import type { KeyHint } from "./Footer.js";

/** One row of the help: a section's first row starts with its title; a heading is bold; the closing line dim. */
interface HelpRow {
  title?: string;
  text: string;
  style?: "heading" | "dim";
}

const copying =
  "c copies with the system clipboard tool (wl-copy, xsel, xclip, pbcopy). Without one, it sends the terminal an OSC 52 copy request, which some terminals block. In tmux, allow it with: set -g set-clipboard on";
const typing =
  "/ opens the task filter and p a record's path: there every printable key is text, q and ? included, and Esc clears the text, then closes the input. Elsewhere q quits and Esc goes back. Ctrl+C quits anywhere.";

/** Text wrapped inside the view's padding at `width`, the rows after the first after `indent`. */
function wrapped(text: string, width: number, indent = ""): string[] {
  const inner = Math.max(10, width - 2);
  const [first = ""] = wrapAnsi(text, inner, { hard: true }).split("\n");
  const rest = text.slice(first.length).trimStart();
  if (rest === "") return [first];
  return [
    first,
    ...wrapAnsi(rest, inner - indent.length, { hard: true })
      .split("\n")
      .map((row) => `${indent}${row}`),
  ];
}

/**
 * Every row of the help at `width`, wrapped here rather than by Ink, so that the view knows how many rows it takes
 * and can scroll them when the terminal is shorter: a row is never drawn over another, nor cut.
 */
export function helpRows(sections: readonly { title: string; hints: readonly KeyHint[] }[], width: number): HelpRow[] {
  const rows: HelpRow[] = [{ text: "Keys", style: "heading" }];
  for (const section of sections) {
    const [first = "", ...rest] = wrapped(`${section.title}: ${section.hints.map((hint) => `${hint.keys} ${hint.action}`).join(" · ")}`, width, "  ");
    rows.push({ title: `${section.title}:`, text: first.slice(section.title.length + 1) }, ...rest.map((text) => ({ text })));
  }
  rows.push({ text: "Copying (c)", style: "heading" }, ...wrapped(copying, width).map((text) => ({ text })));
  rows.push({ text: "Typing and quitting", style: "heading" }, ...wrapped(typing, width).map((text) => ({ text })));
  rows.push({ text: "Press ? or Esc to close.", style: "dim" });
  return rows;
}

/** The help's first row shown after a scroll of `delta`, kept inside its rows. */
export function helpScrolled(offset: number, delta: number, total: number, height: number): number {
  return Math.max(0, Math.min(offset + delta, Math.max(0, total - (height - 1))));
}

/**
 * Every key of every screen, and how copying works, for the `?` overlay: the whole help where it fits, else a window
 * of it that ↑/↓ (PgUp/PgDn, Home/End) scroll, with a last row that says which rows are shown.
 */
export function HelpView({ rows, offset, height }: { rows: readonly HelpRow[]; offset: number; height: number }) {
  const fits = rows.length <= height;
  const shown = fits ? rows : rows.slice(offset, offset + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" paddingX={1}>
      {shown.map((row, index) => (
        <Text key={offset + index} wrap="truncate-end" bold={row.style === "heading"} dimColor={row.style === "dim"}>
          {row.title === undefined ? null : (
            <Text bold color="cyan">
              {row.title}
            </Text>
          )}
          {row.text}
        </Text>
      ))}
      {fits ? null : (
        <Text dimColor wrap="truncate-end">
          rows {offset + 1}–{offset + shown.length} of {rows.length}; ↑/↓ PgUp/PgDn scroll the help
        </Text>
      )}
    </Box>
  );
}
