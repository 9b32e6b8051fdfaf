import chalk from "chalk";

/**
 * The label of the item chosen (the active tab, the snippet shown): padded inside the inverse block drawn around it,
 * or in brackets where colour is off (NO_COLOR, a terminal without colour), which turns inverse and bold off too: no
 * colour must not mean no emphasis. Both take the same width, so the line never moves.
 */
export function chosenLabel(label: string): string {
  return chalk.level === 0 ? `[${label}]` : ` ${label} `;
}
