import { Box, useApp } from "ink";
import { Text } from "./VisibleText.js";
import { useState } from "react";
import type { Modality, Task } from "../../catalogue/schema.js";
import type { ModelRecord } from "../../model/record.js";
import type { Document } from "../../presenters/document.js";
import { Footer, type KeyHint } from "./Footer.js";
import { helpRows, helpScrolled, HelpView } from "./HelpView.js";
import { DatasetChooserScreen } from "./DatasetChooserScreen.js";
import { DatasetPage } from "./DatasetPage.js";
import { allKeys, datasetPickerKeys, modelPageKeys, modelPickerKeys, pathInputKeys, taskFilterKeys, taskListKeys, taskPageKeys } from "./keys.js";
import { ModelChooserScreen, type ChooserMode, type ModelResult, type ModelSource } from "./ModelChooserScreen.js";
import { ModelPage } from "./ModelPage.js";
import type { NotebookService } from "./notebook-file.js";
import type { SnippetSource } from "./snippet-sources.js";
import { TaskListScreen } from "./TaskListScreen.js";
import { TaskScreen } from "./TaskScreen.js";
import { useTerminalSize } from "./use-terminal-size.js";
import { ScreenKeysProvider, useKeyQueue, useScreenKeys } from "./use-keys.js";

/** What the browser reads and does, handed in so that screens stay presentational and testable. */
export interface BrowserServices {
  tasks: readonly Task[];
  modalities: readonly Modality[];
  modalityOf: (task: Task) => string;
  documentOf: (task: Task) => Document;
  /** Whether the task's example models have inference snippets. */
  hasInference: (task: Task) => boolean;
  loadModel: (task: Task, source: ModelSource) => ModelResult;
  /** The tabs of the model page. */
  sources: readonly SnippetSource[];
  copy: (text: string) => Promise<string>;
  /** Saves the notebook `n` writes on a model or dataset page, and says where. */
  saveNotebook: NotebookService;
}

/** A model to open the browser on (`--model <file>`). */
export interface OpenModel {
  model: ModelRecord;
  origin?: string;
  /** A record guessed from a catalogue model's id and task: its page says so, and how to fetch the real one. */
  guessed?: boolean;
}

type Screen =
  | { name: "tasks" }
  | { name: "task"; task: Task }
  | { name: "choose"; task: Task }
  | { name: "model"; open: OpenModel; from: Task | undefined }
  | { name: "chooseDataset"; task: Task }
  /** `chosen`: picked in the chooser (Esc goes back to it), not opened as the task's only dataset. */
  | { name: "dataset"; task: Task; id: string; chosen: boolean };

/**
 * The interactive browser: task list → task page → model chooser → model page, or task page → dataset chooser (when
 * the task names several) → dataset page. Esc goes back, q quits, ? shows the
 * keys, except in a text input (the task filter after `/`, a record's path after `p`), which takes every printable
 * key; Ctrl+C quits anywhere.
 */
export function App({ services, initialModel }: { services: BrowserServices; initialModel?: OpenModel }) {
  const { exit } = useApp();
  const { columns: terminalColumns, rows } = useTerminalSize();
  // A column of slack: a row the terminal measures a little wider than Ink does (an emoji sequence, an ambiguous-width
  // character) still fits, instead of wrapping and shifting every row below it.
  const columns = Math.max(20, terminalColumns - 1);
  const [screen, setScreen] = useState<Screen>(initialModel ? { name: "model", open: initialModel, from: undefined } : { name: "tasks" });
  const [help, setHelp] = useState(false);
  const [helpOffset, setHelpOffset] = useState(0);
  const [chooserMode, setChooserMode] = useState<ChooserMode>("list");
  const [filtering, setFiltering] = useState(false);
  const [pageHints, setPageHints] = useState<KeyHint[]>(modelPageKeys);
  const bodyHeight = Math.max(5, rows - 3);
  const typing = (screen.name === "choose" && chooserMode === "path") || (screen.name === "tasks" && filtering);
  const shownHelp = help ? helpRows(allKeys, columns) : [];
  const scrollHelp = (delta: number) => setHelpOffset((offset) => helpScrolled(offset, delta, shownHelp.length, bodyHeight));

  // The one reader of keys: global keys here, the rest to the screen shown (useKeys), one key at a time.
  const screenKeys = useScreenKeys();
  useKeyQueue((input, key) => {
    // Ink quits on a Ctrl+C of its own; this one came inside a chunk of other keys.
    if (key.ctrl && input === "c") exit();
    else if (help) {
      if (input === "?" || key.escape) setHelp(false);
      else if (input === "q") exit();
      else if (key.upArrow) scrollHelp(-1);
      else if (key.downArrow) scrollHelp(1);
      else if (key.pageUp) scrollHelp(-(bodyHeight - 1));
      else if (key.pageDown || input === " ") scrollHelp(bodyHeight - 1);
      else if (key.home) scrollHelp(-Infinity);
      else if (key.end) scrollHelp(Infinity);
    } else if (typing) screenKeys.current?.(input, key);
    else if (input === "?") {
      setHelpOffset(0);
      setHelp(true);
    }
    else if (input === "q") exit();
    else screenKeys.current?.(input, key);
  }, true);

  const taskOf = (model: ModelRecord) => services.tasks.find((task) => task.id === model.pipeline_tag);
  const open = (taskId: string) => {
    const task = services.tasks.find((entry) => entry.id === taskId);
    if (task) setScreen({ name: "task", task });
  };
  const examplesOf = (task: Task) => (services.hasInference(task) ? task.models.map((model) => model.id) : []);
  const choose = (task: Task) => {
    setChooserMode("list");
    setScreen({ name: "choose", task });
  };
  const datasetsOf = (task: Task) => task.datasets.map((dataset) => dataset.id);
  const openDatasets = (task: Task) => {
    const [only, ...more] = datasetsOf(task);
    if (only === undefined) return;
    setScreen(more.length === 0 ? { name: "dataset", task, id: only, chosen: false } : { name: "chooseDataset", task });
  };
  const leaveModel = (from: Task | undefined, model: ModelRecord) => {
    const task = from ?? taskOf(model);
    if (from) choose(from);
    else setScreen(task ? { name: "task", task } : { name: "tasks" });
  };

  const active = !help;
  let body;
  let hints: readonly KeyHint[] = filtering ? taskFilterKeys : taskListKeys;
  let trail: string[] = [];
  // The task list stays mounted under the other screens (hidden), so coming back to it keeps its cursor and filter.
  const taskList = (
    <TaskListScreen
      tasks={services.tasks}
      modalities={services.modalities}
      modalityOf={services.modalityOf}
      height={bodyHeight}
      active={active && screen.name === "tasks"}
      onOpen={open}
      onFilteringChange={setFiltering}
    />
  );
  if (screen.name === "tasks") {
    body = null;
  } else if (screen.name === "task") {
    const { task } = screen;
    const datasets = datasetsOf(task);
    hints = datasets.length > 0 ? taskPageKeys : taskPageKeys.filter((hint) => hint.keys !== "d");
    trail = [task.label];
    body = (
      <TaskScreen
        key={task.id}
        document={services.documentOf(task)}
        width={columns}
        height={bodyHeight}
        active={active}
        snippetsNote={
          services.hasInference(task)
            ? "Press s for code snippets that call a model of this task."
            : "No inference snippets for this task; press s to open a model record file for its library or local-app code."
        }
        onSnippets={() => choose(task)}
        datasetsNote={datasets.length > 0 ? `Press d for code that loads its datasets: ${datasets.join(", ")}.` : undefined}
        onDatasets={() => openDatasets(task)}
        onBack={() => setScreen({ name: "tasks" })}
      />
    );
  } else if (screen.name === "choose") {
    const { task } = screen;
    const withInference = services.hasInference(task);
    hints = chooserMode === "path" ? pathInputKeys : modelPickerKeys;
    trail = [task.label, "choose a model"];
    body = (
      <ModelChooserScreen
        key={task.id}
        taskLabel={task.label}
        exampleModels={examplesOf(task)}
        note={withInference ? undefined : `${task.label} has no inference snippets: give a model record file for its library or local-app code.`}
        active={active}
        loadModel={(source) => services.loadModel(task, source)}
        onModel={(loaded) => setScreen({ name: "model", open: loaded, from: task })}
        onBack={() => setScreen({ name: "task", task })}
        onModeChange={setChooserMode}
      />
    );
  } else if (screen.name === "chooseDataset") {
    const { task } = screen;
    hints = datasetPickerKeys;
    trail = [task.label, "choose a dataset"];
    body = (
      <DatasetChooserScreen
        key={task.id}
        taskLabel={task.label}
        datasets={datasetsOf(task)}
        active={active}
        onDataset={(id) => setScreen({ name: "dataset", task, id, chosen: true })}
        onBack={() => setScreen({ name: "task", task })}
      />
    );
  } else if (screen.name === "dataset") {
    const { task, id, chosen } = screen;
    hints = pageHints;
    trail = [task.label, id];
    body = (
      <DatasetPage
        key={id}
        datasetId={id}
        taskLabel={task.label}
        width={columns}
        height={bodyHeight}
        active={active}
        copy={services.copy}
        saveNotebook={services.saveNotebook}
        onBack={() => setScreen(chosen ? { name: "chooseDataset", task } : { name: "task", task })}
        onHints={setPageHints}
      />
    );
  } else {
    const { open: opened, from } = screen;
    const modelTask = taskOf(opened.model);
    hints = pageHints;
    // The model's own task, which a record file may not share with the task it was chosen from.
    trail = [modelTask?.label ?? opened.model.pipeline_tag ?? "no task", opened.model.id];
    body = (
      <ModelPage
        key={`${opened.model.id} ${opened.origin ?? ""}`}
        model={opened.model}
        origin={opened.origin}
        guessed={opened.guessed === true}
        taskLabel={modelTask?.label}
        sources={services.sources}
        width={columns}
        height={bodyHeight}
        active={active}
        copy={services.copy}
        saveNotebook={services.saveNotebook}
        onBack={() => leaveModel(from, opened.model)}
        onChooseModel={() => {
          const task = from ?? modelTask;
          if (task) choose(task);
        }}
        onHints={setPageHints}
      />
    );
  }

  return (
    <Box flexDirection="column" width={columns}>
      <Text bold color="magenta" wrap="truncate-end">
        {["hub-snippets", ...trail].join(" › ")}
      </Text>
      {/* The screen stays mounted under the help, so closing the help returns to it as it was. */}
      <Box height={bodyHeight} flexDirection="column" overflow="hidden" display={help ? "none" : "flex"}>
        {/* Never shrunk: a screen taller than the body loses its last rows, instead of rows squeezed to nothing
            and drawn over by the next one. */}
        <Box flexDirection="column" flexShrink={0}>
          <ScreenKeysProvider target={screenKeys}>
            <Box flexDirection="column" display={screen.name === "tasks" ? "flex" : "none"}>
              {taskList}
            </Box>
            {body}
          </ScreenKeysProvider>
        </Box>
      </Box>
      {help ? (
        <Box height={bodyHeight} flexDirection="column" overflow="hidden">
          <HelpView rows={shownHelp} offset={helpScrolled(helpOffset, 0, shownHelp.length, bodyHeight)} height={bodyHeight} />
        </Box>
      ) : null}
      <Footer hints={help ? [...(shownHelp.length > bodyHeight ? [{ keys: "↑/↓", action: "scroll" }] : []), { keys: "?/Esc", action: "close" }] : hints} width={columns} />
    </Box>
  );
}
