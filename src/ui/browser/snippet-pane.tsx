import { type Key } from "ink";
import { Text } from "./VisibleText.js";
import { useMemo, useState, type ReactNode } from "react";
import wrapAnsi from "wrap-ansi";
import type { Snippet } from "../../code/snippet.js";
import { installComment } from "../../code/install-line.js";
import { visibleText } from "../../values/visible-text.js";
import { highlight } from "../highlight.js";
import { expandTabs } from "./ansi-columns.js";
import { CodeView, codeWidth } from "./CodeView.js";
import { scrolled } from "./ScrollView.js";

/** Copies text and says how (or throws with a message to show). */
export type CopyService = (text: string) => Promise<string>;

/** A line for the pane's status row: green, or red for an error. */
export interface PaneStatus {
  text: string;
  error: boolean;
}

export interface SnippetPane {
  /** The snippet's install comment (when it has one), its code in a window, and the last copy's status row. */
  view: ReactNode;
  /** Back to the top-left corner, without a status: for another snippet. */
  reset: () => void;
  /** Handles the pane's keys (scrolling, c and i); says whether the key was one of them. */
  handleKey: (input: string, key: Key) => boolean;
  /** Shows a line in the status row, for what the page itself does (the notebook `n` writes). */
  say: (status: PaneStatus) => void;
}

const maxStatusRows = 3;

/** A status's rows at `width`: wrapped at spaces, at most three, the last cut with … when more remain. */
function statusLines(text: string, width: number): string[] {
  const rows = wrapAnsi(text, Math.max(10, width), { hard: true, trim: true }).split("\n");
  if (rows.length <= maxStatusRows) return rows;
  const kept = rows.slice(0, maxStatusRows);
  kept[maxStatusRows - 1] = `${[...(kept[maxStatusRows - 1] ?? "")].slice(0, Math.max(1, width - 1)).join("")}…`;
  return kept;
}

/**
 * The part of a page that shows one snippet, shared by the model and dataset pages: ↑/↓, PgUp/PgDn (and space)
 * scroll the code, </> scroll it sideways, c copies the code alone and i its install command, through `copy`.
 * `codeHeight` is the rows the page leaves for the code; the pane takes two more (where the window is, the status)
 * and one for the install comment when the snippet has an install command. A long status takes up to two rows more,
 * from the code's.
 */
export function useSnippetPane(
  snippet: Snippet | undefined,
  { width, codeHeight, copy }: { width: number; codeHeight: number; copy: CopyService },
): SnippetPane {
  const [top, setTop] = useState(0);
  const [left, setLeft] = useState(0);
  // The snippet a copy's status is about: a copy that ends after another snippet is shown says nothing under that one.
  // (What the page itself says, the notebook's status, is about no one snippet.)
  const [status, setStatus] = useState<(PaneStatus & { about?: Snippet }) | undefined>();
  const lines = useMemo(() => (snippet ? highlight(visibleText(snippet.content), snippet.language).split("\n").map(expandTabs) : []), [snippet]);
  const widest = useMemo(() => codeWidth(lines), [lines]);
  const install = snippet?.install;
  const shownStatus = status && (status.about === undefined || status.about === snippet) ? status : undefined;
  // A long status (a copy tool's advice) wraps onto up to three rows, which the code window gives up while it shows.
  const statusRows = shownStatus ? statusLines(shownStatus.text, width) : [" "];
  const windowHeight = Math.max(1, codeHeight - (statusRows.length - 1));

  const reset = () => {
    setTop(0);
    setLeft(0);
    setStatus(undefined);
  };

  const handleKey = (input: string, key: Key): boolean => {
    const sideways = Math.max(8, Math.floor(width / 2));
    const scrollDown = (delta: number) => setTop((current) => scrolled(current, delta, lines.length, windowHeight));
    const scrollRight = (delta: number) => setLeft((current) => scrolled(current, delta, widest, width));
    if (key.upArrow) scrollDown(-1);
    else if (key.downArrow) scrollDown(1);
    else if (key.pageUp) scrollDown(-windowHeight);
    else if (key.pageDown || input === " ") scrollDown(windowHeight);
    else if (key.home) scrollDown(-Infinity);
    else if (key.end) scrollDown(Infinity);
    else if (input === "<") scrollRight(-sideways);
    else if (input === ">") scrollRight(sideways);
    else if ((input === "c" || input === "i") && snippet) {
      // c: the code alone; i: its install command, to run first (said so when it has none).
      const text = input === "c" ? snippet.content : install;
      const about = snippet;
      if (text === undefined) setStatus({ text: "No install line: this snippet installs nothing first (c copies the code).", error: false, about });
      else
        copy(text).then(
          (how) => setStatus({ text: how, error: false, about }),
          (error: Error) => setStatus({ text: error.message, error: true, about }),
        );
    } else return false;
    return true;
  };

  const view = (
    <>
      {install && snippet ? (
        <Text wrap="truncate-end" dimColor>
          {installComment(snippet.language, install)}
        </Text>
      ) : null}
      <CodeView lines={lines} top={scrolled(top, 0, lines.length, windowHeight)} left={left} width={width} height={windowHeight} />
      {/* The status row is kept when empty, so a message never moves the rows above it; the frame's height stays. */}
      {statusRows.map((row, index) => (
        <Text key={index} wrap="truncate-end" color={shownStatus?.error ? "red" : "green"}>
          {row}
        </Text>
      ))}
    </>
  );
  return { view, reset, handleKey, say: setStatus };
}
