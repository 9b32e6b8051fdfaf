/*
 * Text from a record as a terminal may show it: every character that could drive the terminal (C0 controls, DEL,
 * C1 controls: ESC, CSI, OSC, BEL, BS, CR…), the Unicode line separators and the BOM written as a visible \uXXXX.
 */

const controlsButLayout = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;
const controls = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** The text with its control characters shown as escapes; line breaks and tabs kept, for text laid out in lines. */
export function visibleText(text: string): string {
  return text.replace(controlsButLayout, escaped);
}

/** The text on one line, every control character (line breaks and tabs too) shown as an escape. */
export function oneLineText(text: string): string {
  return text.replace(controls, escaped);
}

/** Text for a code comment: one line, every control character (line breaks and tabs too) a space, trimmed. */
export function commentText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]+/g, " ").trim();
}
