import { Box, Text, useApp, useInput } from "ink";
import { useState } from "react";
import type { Modality, Task } from "../../catalogue/schema.js";
import type { Document } from "../../presenters/document.js";
import { Footer, HelpView } from "./Footer.js";
import { allKeys, modelPickerKeys, snippetKeys, taskListKeys, taskPageKeys } from "./keys.js";
import { SnippetScreen, type ModelSource, type SnippetResult } from "./SnippetScreen.js";
import { TaskListScreen } from "./TaskListScreen.js";
import { TaskScreen } from "./TaskScreen.js";
import { useTerminalSize } from "./use-terminal-size.js";

/** What the browser reads and does, handed in so that screens stay presentational and testable. */
export interface BrowserServices {
  tasks: readonly Task[];
  modalities: readonly Modality[];
  modalityOf: (task: Task) => string;
  documentOf: (task: Task) => Document;
  makeSnippets: (task: Task, source: ModelSource) => SnippetResult;
  copy: (text: string) => Promise<string>;
}

type Screen = { name: "tasks" } | { name: "task"; task: Task } | { name: "snippets"; task: Task };

/** The interactive browser: task list → task page → snippets. Esc goes back, ? shows the keys. */
export function App({ services }: { services: BrowserServices }) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const [screen, setScreen] = useState<Screen>({ name: "tasks" });
  const [help, setHelp] = useState(false);
  const [typing, setTyping] = useState(false);
  const bodyHeight = Math.max(5, rows - 3);

  useInput((input, key) => {
    if (help && (input === "?" || key.escape)) setHelp(false);
    else if (!help && input === "?" && !typing) setHelp(true);
  });

  const open = (taskId: string) => {
    const task = services.tasks.find((entry) => entry.id === taskId);
    if (task) setScreen({ name: "task", task });
  };

  const active = !help;
  let body;
  let hints = taskListKeys;
  if (screen.name === "tasks") {
    body = (
      <TaskListScreen
        tasks={services.tasks}
        modalities={services.modalities}
        modalityOf={services.modalityOf}
        height={bodyHeight}
        active={active}
        onOpen={open}
        onQuit={exit}
      />
    );
  } else if (screen.name === "task") {
    hints = taskPageKeys;
    body = (
      <TaskScreen
        document={services.documentOf(screen.task)}
        width={columns}
        height={bodyHeight}
        active={active}
        onSnippets={() => setScreen({ name: "snippets", task: screen.task })}
        onBack={() => setScreen({ name: "tasks" })}
        onQuit={exit}
      />
    );
  } else {
    hints = modelPickerKeys;
    const task = screen.task;
    body = (
      <SnippetScreen
        key={task.id}
        taskLabel={task.label}
        exampleModels={task.models.map((model) => model.id)}
        width={columns}
        height={bodyHeight}
        active={active}
        makeSnippets={(source) => services.makeSnippets(task, source)}
        copy={services.copy}
        onBack={() => {
          setTyping(false);
          setScreen({ name: "task", task });
        }}
        onQuit={exit}
        onTyping={setTyping}
      />
    );
    hints = snippetKeys;
  }

  return (
    <Box flexDirection="column" width={columns}>
      <Text bold color="magenta">
        hub-snippets{screen.name === "tasks" ? "" : ` › ${screen.task.label}`}
        {screen.name === "snippets" ? " › snippets" : ""}
      </Text>
      <Box height={bodyHeight} flexDirection="column" overflow="hidden">
        {help ? <HelpView sections={allKeys} /> : body}
      </Box>
      <Footer hints={help ? [{ keys: "?/Esc", action: "close" }] : hints} />
    </Box>
  );
}
