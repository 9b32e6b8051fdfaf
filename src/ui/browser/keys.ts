import type { KeyHint } from "./Footer.js";

// Each list ends with `? keys`: the footer drops hints from the end when the terminal is narrow, but keeps that one.

// Quitting and help: `q` quits and `?` lists the keys on every screen, except inside a text input (the task filter,
// opened with `/`, and a record's path, opened with `p`), where every printable key is text and Esc clears the text,
// then closes the input. Ctrl+C quits anywhere. The app reads every key (use-keys.tsx): these global ones first, the
// rest to the screen shown, one at a time.

export const taskListKeys: KeyHint[] = [
  { keys: "/", action: "filter" },
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "open" },
  { keys: "Tab", action: "modality" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

// Typed text goes into the filter, `q` and `?` included: the last hint says how to leave instead.
export const taskFilterKeys: KeyHint[] = [
  { keys: "type", action: "filter" },
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "open" },
  { keys: "Tab", action: "modality" },
  { keys: "Ctrl+C", action: "quit" },
  { keys: "Esc", action: "clear / close" },
];

export const taskPageKeys: KeyHint[] = [
  { keys: "↑/↓ PgUp/PgDn", action: "scroll" },
  { keys: "s", action: "snippets" },
  { keys: "d", action: "datasets" },
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
  { keys: "type", action: "record file or example:<name>" },
  { keys: "Enter", action: "load" },
  { keys: "Ctrl+C", action: "quit" },
  { keys: "Esc", action: "clear / back" },
];

export const modelPageKeys: KeyHint[] = [
  { keys: "Tab", action: "tabs" },
  { keys: "←/→", action: "snippet" },
  { keys: "c", action: "copy" },
  { keys: "i", action: "copy install" },
  { keys: "n", action: "notebook" },
  // After n: a narrow footer drops it first, as the snippet line says "Enter: next command" where it applies.
  { keys: "Enter", action: "next command" },
  { keys: "p", action: "provider" },
  { keys: "P", action: "policy" },
  { keys: "s", action: "stream" },
  { keys: "M", action: "memory" },
  { keys: "↑/↓ </>", action: "scroll" },
  { keys: "m", action: "model" },
  { keys: "f", action: "copy fetch command" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const datasetPickerKeys: KeyHint[] = [
  { keys: "↑/↓", action: "move" },
  { keys: "Enter", action: "open" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

export const datasetPageKeys: KeyHint[] = [
  { keys: "←/→", action: "snippet" },
  { keys: "c", action: "copy" },
  { keys: "i", action: "copy install" },
  { keys: "n", action: "notebook" },
  { keys: "↑/↓ </>", action: "scroll" },
  { keys: "Esc", action: "back" },
  { keys: "q", action: "quit" },
  { keys: "?", action: "keys" },
];

/** A screen's keys for the help: without `?`, and without q (quit) and Esc (back), said once under "Typing and quitting". */
const helpHints = (hints: readonly KeyHint[]) =>
  hints.filter((hint) => hint.keys !== "?" && hint.keys !== "q" && !(hint.keys === "Esc" && hint.action === "back"));

// The help fits 80×24 whole (shorter terminals scroll it).
export const allKeys = [
  { title: "Task list", hints: [...helpHints(taskListKeys), { keys: "Esc", action: "all modalities" }] },
  { title: "Task filter (after /)", hints: taskFilterKeys.filter((hint) => hint.keys !== "Ctrl+C") },
  { title: "Task page", hints: helpHints(taskPageKeys) },
  { title: "Choosing a model", hints: [...helpHints(modelPickerKeys), ...pathInputKeys.filter((hint) => hint.keys !== "Ctrl+C")] },
  { title: "Model page", hints: [...helpHints(modelPageKeys), { keys: "PgUp/PgDn Home/End", action: "page" }] },
  // Scrolling is the model page's, and the dataset chooser's keys (↑/↓, Enter) are its footer's.
  { title: "Dataset page", hints: helpHints(datasetPageKeys).filter((hint) => hint.keys !== "↑/↓ </>") },
];
