import { Box, Text, useInput } from "ink";
import { useState } from "react";
import type { Modality, Task } from "../../catalogue/schema.js";
import { scrolled } from "./ScrollView.js";

export interface TaskListScreenProps {
  tasks: readonly Task[];
  modalities: readonly Modality[];
  modalityOf: (task: Task) => string;
  height: number;
  active: boolean;
  onOpen: (taskId: string) => void;
  onQuit: () => void;
}

/** How well a task matches the filter: 0 best (id starts with it) to 3 (summary only); undefined for no match. */
function rank(task: Task, filter: string): number | undefined {
  const needle = filter.toLowerCase();
  if (task.id.startsWith(needle)) return 0;
  if (task.id.includes(needle)) return 1;
  if (task.label.toLowerCase().includes(needle)) return 2;
  return task.summary.toLowerCase().includes(needle) ? 3 : undefined;
}

/** Every task, filtered as you type and by modality (Tab), with a moving selection. */
export function TaskListScreen({ tasks, modalities, modalityOf, height, active, onOpen, onQuit }: TaskListScreenProps) {
  const [filter, setFilter] = useState("");
  const [modalityIndex, setModalityIndex] = useState(0);
  const [selected, setSelected] = useState(0);
  const [offset, setOffset] = useState(0);

  const modality = modalityIndex === 0 ? undefined : modalities[modalityIndex - 1];
  const visible = (text: string) =>
    tasks
      .filter((task) => !modality || modalityOf(task) === modality.id)
      .map((task) => ({ task, rank: rank(task, text) }))
      .filter((entry): entry is { task: Task; rank: number } => entry.rank !== undefined)
      .sort((a, b) => a.rank - b.rank)
      .map((entry) => entry.task);
  const shown = visible(filter);
  const listHeight = Math.max(3, height - 3);
  const current = Math.min(selected, Math.max(0, shown.length - 1));

  const select = (index: number) => {
    const next = Math.max(0, Math.min(index, shown.length - 1));
    setSelected(next);
    if (next < offset) setOffset(next);
    else if (next >= offset + listHeight) setOffset(next - listHeight + 1);
  };
  const refilter = (text: string) => {
    setFilter(text);
    setSelected(0);
    setOffset(0);
  };

  useInput(
    (input, key) => {
      if (key.upArrow) select(current - 1);
      else if (key.downArrow) select(current + 1);
      else if (key.pageUp) select(current - listHeight);
      else if (key.pageDown) select(current + listHeight);
      else if (key.return) {
        const task = shown[current];
        if (task) onOpen(task.id);
      } else if (key.tab) {
        setModalityIndex((modalityIndex + 1) % (modalities.length + 1));
        setSelected(0);
        setOffset(0);
      } else if (key.escape) {
        if (filter !== "") refilter("");
        else if (modalityIndex !== 0) setModalityIndex(0);
      } else if (key.backspace || key.delete) refilter(filter.slice(0, -1));
      else if (input === "q" && filter === "") onQuit();
      else if (input && !key.ctrl && !key.meta && /^[\w\- ]+\r?$/.test(input)) {
        // Fast typing or a paste can arrive as one chunk, Enter included.
        const typed = input.replace("\r", "");
        const first = visible(filter + typed)[0];
        if (input.endsWith("\r") && first) onOpen(first.id);
        setFilter((previous) => previous + typed);
        setSelected(0);
        setOffset(0);
      }
    },
    { isActive: active },
  );

  const top = scrolled(offset, 0, shown.length, listHeight);
  return (
    <Box flexDirection="column">
      <Box gap={2}>
        <Text>
          <Text bold>Filter:</Text> {filter === "" ? <Text dimColor>type to filter</Text> : <Text color="yellow">{filter}</Text>}
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
        shown.slice(top, top + listHeight).map((task, index) => {
          const isSelected = top + index === current;
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
