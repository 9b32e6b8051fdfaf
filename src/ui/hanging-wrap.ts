import wrapAnsi from "wrap-ansi";

/**
 * A document line wrapped to `width` columns: its first row after `indent`, the rows it continues on after `hang`
 * (two more spaces), so that a wrapped entry never reads as the start of the next one. The browser's task page and
 * the one-shot `task show` on a terminal both write their lines with it.
 */
export function hangingWrap(text: string, width: number, indent: string, hang = `${indent}  `): string[] {
  // Every row is wrapped to the continued rows' width: the first row then fits as well.
  const [first = "", ...rest] = wrapAnsi(text, Math.max(10, width - hang.length), { hard: true }).split("\n");
  return [indent + first, ...rest.map((line) => hang + line)];
}
