/** How a table is drawn within a width: each kept column's width, the columns after `kept` left out. */
export interface FittedColumns {
  widths: number[];
  kept: number;
}

/**
 * Column widths that fit `available` columns with `gap` between columns, as gh fits its tables: the widest column
 * other than the first (the id a user copies) gives way first, down to its header's width (at least 8, or its own
 * width when narrower); then the first; when even that is too wide, the last columns are left out. Cells wider than
 * their column are cut with … by the renderer.
 */
export function fitColumns(widths: readonly number[], headers: readonly string[], available: number, gap = 2): FittedColumns {
  const least = widths.map((width, column) => Math.min(width, Math.max((headers[column] ?? "").length, 8)));
  const span = (sizes: readonly number[], count: number) => sizes.slice(0, count).reduce((sum, width) => sum + width, 0) + gap * Math.max(0, count - 1);
  let kept = widths.length;
  while (kept > 1 && span(least, kept) > available) kept -= 1;
  const fitted = widths.slice(0, kept);
  const shrinkable = (column: number) => (fitted[column] ?? 0) > (least[column] ?? 0);
  while (span(fitted, kept) > available) {
    let widest = -1;
    for (let column = 1; column < kept; column += 1) if (shrinkable(column) && (widest < 0 || (fitted[column] ?? 0) > (fitted[widest] ?? 0))) widest = column;
    if (widest < 0 && shrinkable(0)) widest = 0;
    if (widest < 0) break;
    fitted[widest] = Math.max(least[widest] ?? 0, (fitted[widest] ?? 0) - (span(fitted, kept) - available));
  }
  return { widths: fitted, kept };
}
