import type { Key } from "ink";

/** One key, as Ink's `useInput` reports it. */
export interface KeyPress {
  input: string;
  key: Key;
}

const noKey: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
  capsLock: false,
  numLock: false,
};

/** The key one character of a chunk is, read as Ink reads that character alone. */
function keyOf(character: string): KeyPress {
  if (character === "\r" || character === "\n" || character === "\r\n") return { input: "", key: { ...noKey, return: true } };
  if (character === "\t") return { input: "", key: { ...noKey, tab: true } };
  if (character === "\b") return { input: "", key: { ...noKey, backspace: true } };
  if (character === "\u007f") return { input: "", key: { ...noKey, delete: true } };
  const code = character.codePointAt(0) ?? 0;
  if (code > 0 && code < 0x1b) return { input: String.fromCharCode(code + 96), key: { ...noKey, ctrl: true } };
  return { input: character, key: { ...noKey, shift: /^[A-Z]$/.test(character) } };
}

/**
 * The single keys of one input Ink reports. Ink splits a chunk of input only at escape sequences, so keys typed or
 * repeated faster than the terminal is read (`nn`, `jjj`, text and Enter) arrive as one input that matches no key:
 * each of its characters is a key of its own. An escape sequence (an arrow, Esc) and a single character stay whole.
 */
export function splitKeys(input: string, key: Key): KeyPress[] {
  const characters = input.match(/\r\n|[^]/gu) ?? [];
  if (characters.length <= 1 || key.meta || key.ctrl) return [{ input, key }];
  return characters.map(keyOf);
}
