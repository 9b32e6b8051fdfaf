import { terminalControlRuns, terminalControls, terminalControlsButLayout, unicodeEscape } from "./terminal-controls.js";

/*
 * Text from a record as a terminal may show it: every character that could drive the terminal (C0 controls, DEL,
 * C1 controls: ESC, CSI, OSC, BEL, BS, CR…), the Unicode line separators and the BOM written as a visible \uXXXX.
 */

/** The text with its control characters shown as escapes; line breaks and tabs kept, for text laid out in lines. */
export function visibleText(text: string): string {
  return text.replace(terminalControlsButLayout, unicodeEscape);
}

/** The text on one line, every control character (line breaks and tabs too) shown as an escape. */
export function oneLineText(text: string): string {
  return text.replace(terminalControls, unicodeEscape);
}

/** Text for a code comment: one line, every control character (line breaks and tabs too) a space, trimmed. */
export function commentText(text: string): string {
  return text.replace(terminalControlRuns, " ").trim();
}
