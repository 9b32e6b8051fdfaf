import { Box } from "ink";
import { Text } from "./VisibleText.js";
import { useLayoutEffect, useRef, useState } from "react";
import type { Modality, Task } from "../../catalogue/schema.js";
import { terminalControls } from "../../values/terminal-controls.js";
import { scrolled } from "./ScrollView.js";
import { useKeys } from "./use-keys.js";

export interface TaskListScreenProps {
  tasks: readonly Task[];
  modalities: readonly Modality[];
  modalityOf: (task: Task) => string;
  height: number;
  active: boolean;
  onOpen: (taskId: string) => void;
  /** Reports whether the filter input is open (after `/`), so the app's footer and global keys follow it. */
  onFilteringChange?: (filtering: boolean) => void;
}

/** How well a task matches the filter: 0 best (id starts with it) to 3 (summary only); undefined for no match. */
function rank(task: Task, filter: string): number | undefined {
  const needle = filter.toLowerCase();
  if (task.id.startsWith(needle)) return 0;
  if (task.id.includes(needle)) return 1;
  if (task.label.toLowerCase().includes(needle)) return 2;
  return task.summary.toLowerCase().includes(needle) ? 3 : undefined;
}

/** The selection after a move of `delta` rows among `count`, and the list's first row kept around it. */
function moved(selection: { selected: number; offset: number }, delta: number, count: number, height: number) {
  const selected = Math.max(0, Math.min(Math.min(selection.selected, Math.max(0, count - 1)) + delta, count - 1));
  if (selected < selection.offset) return { selected, offset: selected };
  if (selected >= selection.offset + height) return { selected, offset: selected - height + 1 };
  return { selected, offset: selection.offset };
}

/**
 * Every task, filtered by modality (Tab) and by text, with a moving selection. The filter is an input opened with
 * `/`: there every printable key is text (`q` and `?` included) and Esc clears it, then closes it; outside it, the
 * app's keys (`q` quits, `?` lists the keys) work.
 */
export function TaskListScreen({ tasks, modalities, modalityOf, height, active, onOpen, onFilteringChange }: TaskListScreenProps) {
  // The filter lives in a ref as well as in state: several chunks of typing can arrive before React renders again.
  const filterRef = useRef<string | undefined>(undefined);
  const [filter, setFilterState] = useState<string | undefined>(undefined);
  const [modalityIndex, setModalityIndex] = useState(0);
  const [{ selected, offset }, setSelection] = useState({ selected: 0, offset: 0 });
  // Set when a key that does nothing here was pressed outside the filter: the screen says how to filter.
  const [nudge, setNudge] = useState(false);

  // A modality no task belongs to is never offered.
  const offered = modalities.filter((entry) => tasks.some((task) => modalityOf(task) === entry.id));
  const modality = modalityIndex === 0 ? undefined : offered[modalityIndex - 1];
  const visible = (text: string) =>
    tasks
      .filter((task) => !modality || modalityOf(task) === modality.id)
      .map((task) => ({ task, rank: rank(task, text) }))
      .filter((entry): entry is { task: Task; rank: number } => entry.rank !== undefined)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.task);
  const shown = visible(filter ?? "");
  const listHeight = Math.max(3, height - 3);
  const current = Math.min(selected, Math.max(0, shown.length - 1));

  const filtering = filter !== undefined;
  useLayoutEffect(() => onFilteringChange?.(filtering), [filtering]);

  const move = (delta: number) => setSelection((selection) => moved(selection, delta, shown.length, listHeight));
  const top = () => setSelection({ selected: 0, offset: 0 });
  const setFilter = (text: string | undefined) => {
    filterRef.current = text;
    setFilterState(text);
    top();
    setNudge(false);
  };
  const typeText = (input: string) => {
    const [typed = "", ...rest] = input.split(/\r\n?|\n/);
    const text = (filterRef.current ?? "") + typed.replace(terminalControls, "");
    setFilter(text);
    // Enter inside a chunk (fast typing, a paste, or tmux send-keys) opens the first match of what came before it.
    const first = visible(text)[0];
    if (rest.length > 0 && first) onOpen(first.id);
  };

  useKeys(
    (input, key) => {
      const typing = filterRef.current;
      if (key.upArrow) move(-1);
      else if (key.downArrow) move(1);
      else if (key.pageUp) move(-listHeight);
      else if (key.pageDown) move(listHeight);
      else if (key.home) move(-Infinity);
      else if (key.end) move(Infinity);
      else if (key.return) {
        const task = shown[current];
        if (task) onOpen(task.id);
      } else if (key.tab) {
        const count = offered.length + 1;
        setModalityIndex((index) => (index + (key.shift ? count - 1 : 1)) % count);
        top();
      } else if (key.escape) {
        // Esc undoes one thing at a time: the filter's text, then the filter itself, then the modality.
        if (typing !== undefined) setFilter(typing === "" ? undefined : "");
        else if (modalityIndex !== 0) setModalityIndex(0);
      } else if (typing !== undefined) {
        if (key.backspace || key.delete) setFilter(typing.slice(0, -1));
        else if (input && !key.ctrl && !key.meta) typeText(input);
      } else if (input.startsWith("/")) {
        setFilter("");
        if (input.length > 1) typeText(input.slice(1));
      }
      // q and ? are the app's, outside the filter.
      else if (input && !key.ctrl && !key.meta) setNudge(true);
    },
    { isActive: active },
  );

  const first = scrolled(offset, 0, shown.length, listHeight);
  return (
    <Box flexDirection="column">
      <Box gap={2}>
        <Text>
          <Text bold>Filter:</Text>{" "}
          {filter === undefined ? (
            <Text dimColor={!nudge} color={nudge ? "yellow" : undefined}>
              {nudge ? "press / and type to filter (q quits)" : "press / and type to filter"}
            </Text>
          ) : (
            <Text>
              <Text color="yellow">{filter}</Text>
              <Text inverse> </Text>
            </Text>
          )}
        </Text>
        <Text>
          <Text bold>Modality:</Text> {modality ? modality.label : "all"}
        </Text>
        <Text dimColor>
          {shown.length} of {tasks.length}
        </Text>
      </Box>
      {shown.length === 0 ? (
        <Text color="yellow">No task matches; press Esc to clear the filter.</Text>
      ) : (
        shown.slice(first, first + listHeight).map((task, index) => {
          const isSelected = first + index === current;
          return (
            <Text key={task.id} wrap="truncate-end" inverse={isSelected}>
              {isSelected ? "›" : " "} {task.id.padEnd(32)} <Text dimColor={!isSelected}>{modalityOf(task).padEnd(11)}</Text>
              {task.label}
            </Text>
          );
        })
      )}
    </Box>
  );
}
