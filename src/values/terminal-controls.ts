/*
 * The characters of record text that must never reach a terminal, or a line of output, raw: the C0 controls (ESC,
 * BEL, BS, CR, LF, TAB…), DEL, the C1 controls (CSI, OSC, NEL…), the Unicode line and paragraph separators and the
 * byte order mark. One set, written once: every sanitizer (visible text, comments, markdown, shell words, JSON output,
 * typed input) reads it from here, and test/values/terminal-controls.test.ts holds that they all remove or escape it.
 */

/** Every one of them, as the body of a character class. */
const controls = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\ufeff";
/** Without the line feed and the tab, which text laid out in lines keeps. */
const controlsButLayout = "\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\ufeff";
/** Those JSON.stringify leaves as they are (it escapes only C0). */
const controlsJsonKeeps = "\\u007f-\\u009f\\u2028\\u2029\\ufeff";

/** One of them (for test(): no global flag, no state between calls). */
export const terminalControl = new RegExp(`[${controls}]`);
/** Each of them, for replace(). */
export const terminalControls = new RegExp(`[${controls}]`, "g");
/** Each run of them, for replace() with one separator. */
export const terminalControlRuns = new RegExp(`[${controls}]+`, "g");
/** One of them other than a line feed or a tab (for test()). */
export const terminalControlButLayout = new RegExp(`[${controlsButLayout}]`);
/** Each of them other than a line feed or a tab, for replace(). */
export const terminalControlsButLayout = new RegExp(`[${controlsButLayout}]`, "g");
/** One of those JSON.stringify leaves raw (for test()). */
export const jsonKeptControl = new RegExp(`[${controlsJsonKeeps}]`);
/** Each of those JSON.stringify leaves raw, for replace(). */
export const jsonKeptControls = new RegExp(`[${controlsJsonKeeps}]`, "g");

/** A character as a \uXXXX escape (every character of the set is in the BMP). */
export const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
