import { appendFileSync } from "node:fs";

/** Where the run's skip notices are gathered (test/global-setup.ts sets it and prints them once, at the end). */
export const skipNoticesVariable = "HUB_SNIPPETS_SKIP_NOTICES";

/**
 * Says that some checks do not run on this machine, and why. In a whole run the notice joins one summary printed
 * after the results (instead of a line lost among thousands); alone, it is printed at once.
 */
export function skipNotice(text: string): void {
  const file = process.env[skipNoticesVariable];
  if (file) appendFileSync(file, `${text}\n`);
  else console.warn(`NOTICE: ${text}`);
}
