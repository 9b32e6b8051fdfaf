/*
 * Text that no command line can carry: an argument ends at a NUL, and a lone surrogate has no bytes to send. The
 * shell writer refuses it, and the record reader names the field that holds it (src/validation/unsendable-field.ts).
 */

/** Why a text cannot be a shell word at all: it holds a NUL or a lone surrogate. */
export class UnsendableShellText extends Error {
  constructor(readonly text: string) {
    super(`${JSON.stringify(text)} cannot be a shell word: it holds a NUL or a lone surrogate`);
    this.name = "UnsendableShellText";
  }
}

/** True when no shell word can carry the text exactly. */
export function unsendableInShell(text: string): boolean {
  return text.includes("\u0000") || !text.isWellFormed();
}
