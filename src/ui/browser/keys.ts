import type { KeyHint } from "./Footer.js";

// Each list ends with `? keys`: the footer drops hints from the end when the terminal is narrow, but keeps that one.

export const taskListKeys: KeyHint[] = [
  { keys: "type", action: "filter" },
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "open" },
  { keys: "Tab", action: "modality" },
  { keys: "Esc", action: "clear" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const taskPageKeys: KeyHint[] = [
  { keys: "↑/↓ PgUp/PgDn", action: "scroll" },
  { keys: "s", action: "snippets" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const modelPickerKeys: KeyHint[] = [
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "use model" },
  { keys: "p", action: "type a path" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

// Typed text goes into the path, `?` included: the last hint says how to leave instead.
export const pathInputKeys: KeyHint[] = [
  { keys: "type", action: "path of a model record (.json)" },
  { keys: "Enter", action: "load" },
  { keys: "Esc", action: "clear / back" },
];

export const modelPageKeys: KeyHint[] = [
  { keys: "Tab", action: "tabs" },
  { keys: "←/→", action: "snippet" },
  { keys: "n", action: "next command" },
  { keys: "c", action: "copy" },
  { keys: "i", action: "copy install" },
  { keys: "p", action: "provider" },
  { keys: "s", action: "stream" },
  { keys: "M", action: "memory" },
  { keys: "↑/↓ </>", action: "scroll" },
  { keys: "m", action: "model" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const allKeys = [
  { title: "Task list", hints: taskListKeys.slice(0, -1) },
  { title: "Task page", hints: taskPageKeys.slice(0, -1) },
  { title: "Choosing a model", hints: [...modelPickerKeys.slice(0, -1), ...pathInputKeys] },
  { title: "Model page", hints: [...modelPageKeys.slice(0, -1), { keys: "PgUp/PgDn", action: "page" }] },
];
