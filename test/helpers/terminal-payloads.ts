/*
 * Terminal escape payloads, and the scan that proves none reaches a terminal: text from a record must leave every
 * output (code, --json, stderr, the browser's screens, the clipboard) with its control characters shown as escapes.
 */

/** [label, text] of what a hostile record could try to make the terminal that shows it do. */
export const terminalPayloads: [label: string, text: string][] = [
  ["OSC 52 (sets the clipboard)", "clip\u001b]52;c;cHduZWQ=\u0007board"],
  ["OSC 0 (sets the title)", "title\u001b]0;pwned\u001b\\end"],
  ["CSI clear screen", "clear\u001b[2J\u001b[Hscreen"],
  ["C1 CSI", "c1\u009b31mred\u009b0m"],
  ["C1 OSC and ST", "c1osc\u009d52;c;cHduZWQ=\u009cend"],
  ["BEL", "bell\u0007"],
  ["BS", "back\b\b\bspace"],
  ["CR", "over\rwrite"],
  ["DEL", "del\u007fete"],
  ["line separators", "line\u2028para\u2029end"],
  ["hex digits after an escape", "\u001bABC\u009bF00d"],
];

/** Every payload in one text. */
export const allTerminalPayloads = terminalPayloads.map(([, text]) => text).join(" ");

// C0 but newline and tab, DEL, C1, and the Unicode line and paragraph separators.
const rawControl = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Each raw control character in `text`, as `U+XXXX at <index>: <context>`: empty when the text is safe to show. */
export function rawControlCharacters(text: string, where = ""): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(rawControl)) {
    const index = match.index;
    const context = JSON.stringify(text.slice(Math.max(0, index - 40), index + 20));
    found.push(`${where}U+${match[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")} at ${index}: ${context}`);
    if (found.length >= 5) break;
  }
  return found;
}
