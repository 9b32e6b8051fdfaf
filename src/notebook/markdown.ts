/*
 * Text from a record (a model id, a task, a config or split name, a provider's name) as markdown that shows it as
 * written: every ASCII punctuation character is backslash-escaped (CommonMark lets any of them be, and then renders
 * it literally: no emphasis, link, heading, list, table, code span or raw HTML), `$` included, which Jupyter would
 * otherwise hand to MathJax; `&` is written as an entity, since an escaped `&` before a name is still read as one by
 * some renderers. Line breaks and other controls become spaces: a name stays on its line and never starts a block.
 */

import { terminalControlRuns } from "../values/terminal-controls.js";

const punctuation = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

export function markdownText(text: string): string {
  return text
    .replace(terminalControlRuns, " ")
    .trim()
    .replace(punctuation, (char) => (char === "&" ? "&amp;" : `\\${char}`));
}

/** Record text as inline code is not safe (a backtick ends it): names are shown as escaped text in bold. */
export function markdownName(text: string): string {
  return `**${markdownText(text)}**`;
}
