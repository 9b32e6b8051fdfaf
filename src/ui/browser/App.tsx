import { Box, useApp } from "ink";
import { Text } from "./VisibleText.js";
import { useState } from "react";
import { Footer, type KeyHint } from "./Footer.js";
import { helpRows, helpScrolled, HelpView } from "./HelpView.js";
import { allKeys, modelPageKeys, taskFilterKeys, taskListKeys } from "./keys.js";
import type { ChooserMode } from "./ModelChooserScreen.js";
import type { BrowserServices, OpenModel } from "./browser-services.js";

export type { BrowserServices, OpenModel } from "./browser-services.js";
import { screenParts, type Screen, type ScreenContext } from "./screens.js";
import { TaskListScreen } from "./TaskListScreen.js";
import { useTerminalSize } from "./use-terminal-size.js";
import { ScreenKeysProvider, useKeyQueue, useScreenKeys } from "./use-keys.js";

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
    } else if (input === "q") exit();
    else screenKeys.current?.(input, key);
  }, true);

  const open = (taskId: string) => {
    const task = services.tasks.find((entry) => entry.id === taskId);
    if (task) setScreen({ name: "task", task });
  };
  const active = !help;
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
  const context: ScreenContext = {
    services,
    width: columns,
    height: bodyHeight,
    active,
    chooserMode,
    setChooserMode,
    pageHints,
    setPageHints,
    go: setScreen,
  };
  const { body, hints, trail } = screenParts(screen, context, filtering ? taskFilterKeys : taskListKeys);

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
      <Footer
        hints={help ? [...(shownHelp.length > bodyHeight ? [{ keys: "↑/↓", action: "scroll" }] : []), { keys: "?/Esc", action: "close" }] : hints}
        width={columns}
      />
    </Box>
  );
}
