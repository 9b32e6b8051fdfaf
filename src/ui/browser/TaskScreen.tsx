import { Box } from "ink";
import { Text } from "./VisibleText.js";
import { useMemo, useState } from "react";
import wrapAnsi from "wrap-ansi";
import type { Document } from "../../presenters/document.js";
import { linesShown, ScrollView, scrolled } from "./ScrollView.js";
import { useKeys } from "./use-keys.js";
import { hangingWrap } from "../hanging-wrap.js";

/** A document as lines of at most `width` columns, so scrolling can count them. */
export function documentLines(document: Document, width: number): string[] {
  const wrap = (text: string, indent: string) =>
    wrapAnsi(text, Math.max(10, width - indent.length), { hard: true })
      .split("\n")
      .map((line) => indent + line);
  const lines = [document.title, ...(document.subtitle ? wrap(document.subtitle, "") : [])];
  for (const section of document.sections) {
    lines.push("", `${section.title}:`);
    for (const line of section.lines) lines.push(...hangingWrap(line.secondary ? `${line.primary}  ${line.secondary}` : line.primary, width, "  "));
  }
  return lines;
}

export interface TaskScreenProps {
  document: Document;
  width: number;
  height: number;
  active: boolean;
  /** What `s` leads to for this task, said before it is pressed. */
  snippetsNote: string;
  onSnippets: () => void;
  /** What `d` leads to, when the task names datasets (without them, d does nothing). */
  datasetsNote?: string;
  onDatasets?: () => void;
  onBack: () => void;
}

/** Everything `task show` shows, scrollable. */
export function TaskScreen({ document, width, height, active, snippetsNote, onSnippets, datasetsNote, onDatasets, onBack }: TaskScreenProps) {
  const lines = useMemo(() => documentLines(document, width), [document, width]);
  const [offset, setOffset] = useState(0);
  const notes = datasetsNote === undefined ? [snippetsNote] : [snippetsNote, datasetsNote];
  const rows = Math.max(3, height - notes.length);
  const viewHeight = linesShown(lines.length, rows);
  const scroll = (delta: number) => setOffset((current) => scrolled(current, delta, lines.length, viewHeight));

  useKeys(
    (input, key) => {
      if (key.upArrow) scroll(-1);
      else if (key.downArrow) scroll(1);
      else if (key.pageUp) scroll(-viewHeight);
      else if (key.pageDown || input === " ") scroll(viewHeight);
      else if (key.home) scroll(-Infinity);
      else if (key.end) scroll(Infinity);
      else if (input === "s") onSnippets();
      else if (input === "d") onDatasets?.();
      else if (key.escape) onBack();
    },
    { isActive: active },
  );

  return (
    <Box flexDirection="column">
      <ScrollView lines={lines} offset={scrolled(offset, 0, lines.length, viewHeight)} height={rows} />
      {notes.map((note) => (
        <Text key={note} dimColor wrap="truncate-end">
          {note}
        </Text>
      ))}
    </Box>
  );
}
