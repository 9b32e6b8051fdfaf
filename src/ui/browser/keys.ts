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
  { keys: "Enter", action: "next command" },
  { keys: "c", action: "copy" },
  { keys: "i", action: "copy install" },
  { keys: "n", action: "notebook" },
  { keys: "p", action: "provider" },
  { keys: "s", action: "stream" },
  { keys: "M", action: "memory" },
  { keys: "↑/↓ </>", action: "scroll" },
  { keys: "m", action: "model" },
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

export const allKeys = [
  { title: "Task list", hints: [...taskListKeys.slice(0, -1), { keys: "Esc", action: "all modalities" }] },
  { title: "Task filter (after /)", hints: taskFilterKeys.filter((hint) => hint.keys !== "Ctrl+C") },
  { title: "Task page", hints: taskPageKeys.slice(0, -1) },
  { title: "Choosing a model", hints: [...modelPickerKeys.slice(0, -1), ...pathInputKeys.filter((hint) => hint.keys !== "Ctrl+C")] },
  { title: "Model page", hints: [...modelPageKeys.slice(0, -1), { keys: "PgUp/PgDn Home/End", action: "page" }] },
  // One row at 80 columns, so the help still fits 80×24 (shorter terminals scroll it): Esc and q are said under
  // "Typing and quitting", scrolling is the model page's, and the dataset chooser's keys (↑/↓, Enter) are its footer's.
  { title: "Dataset page", hints: datasetPageKeys.filter((hint) => !["↑/↓ </>", "Esc", "q", "?"].includes(hint.keys)) },
];
