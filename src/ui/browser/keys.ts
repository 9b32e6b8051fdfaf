import type { KeyHint } from "./Footer.js";

export const taskListKeys: KeyHint[] = [
  { keys: "type", action: "filter" },
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "open" },
  { keys: "Tab", action: "modality" },
  { keys: "Esc", action: "clear filter" },
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
];

export const pathInputKeys: KeyHint[] = [
  { keys: "type", action: "path to a model record (.json)" },
  { keys: "Enter", action: "load" },
  { keys: "Esc", action: "clear / back" },
];

export const snippetKeys: KeyHint[] = [
  { keys: "←/→", action: "client" },
  { keys: "↑/↓", action: "scroll" },
  { keys: "c", action: "copy" },
  { keys: "m", action: "model" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const allKeys = [
  { title: "Task list", hints: taskListKeys },
  { title: "Task page", hints: taskPageKeys },
  { title: "Choosing a model", hints: [...modelPickerKeys, ...pathInputKeys] },
  { title: "Snippets", hints: snippetKeys },
];
