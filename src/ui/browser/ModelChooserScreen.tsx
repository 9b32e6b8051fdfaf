import { Box } from "ink";
import { Text } from "./VisibleText.js";
import { useRef, useState } from "react";
import type { ModelRecord } from "../../model/record.js";
import { terminalControls } from "../../values/terminal-controls.js";
import { ChoiceList, movedPick, pickMove } from "./ChoiceList.js";
import { useKeys } from "./use-keys.js";

/** Where the model record comes from: one of the task's example models, or a file a person typed. */
export type ModelSource = { kind: "example"; id: string } | { kind: "file"; path: string };

/**
 * A loaded record and where it came from (a file path), or why it could not be loaded. `guessed`: built from the
 * catalogue's id and task alone (the catalogue holds no record), as `snippet --id … --task …` builds one.
 */
export type ModelResult = { model: ModelRecord; origin?: string; guessed?: boolean } | { error: string };

export type ChooserMode = "list" | "path";

export interface ModelChooserScreenProps {
  taskLabel: string;
  /** The task's example models; empty when they would have no snippets (then only a record file is offered). */
  exampleModels: readonly string[];
  /** Said above the choices, e.g. that the task has no inference snippets. */
  note?: string;
  active: boolean;
  loadModel: (source: ModelSource) => ModelResult;
  onModel: (loaded: { model: ModelRecord; origin?: string; guessed?: boolean }) => void;
  onBack: () => void;
  /** Reports whether the path input has focus, so the app's footer and global keys follow it. */
  onModeChange?: (mode: ChooserMode) => void;
}

/** Pick one of the task's example models, or type the path of a model record file. */
export function ModelChooserScreen(props: ModelChooserScreenProps) {
  const { exampleModels, active, loadModel, onModel, onBack, onModeChange } = props;
  const [pick, setPick] = useState(0);
  // The typed path lives in a ref as well as in state: one chunk of input can hold text and Enter, and several
  // chunks can arrive before React renders again, so the handler must not read a stale copy.
  // Every chooser opens on its list, even an empty one: the path input is opened with p, never already typing.
  const pathRef = useRef<string | undefined>(undefined);
  const [path, setPathState] = useState(pathRef.current);
  const [error, setError] = useState<string | undefined>();

  const setPath = (text: string | undefined) => {
    const wasTyping = pathRef.current !== undefined;
    pathRef.current = text;
    setPathState(text);
    if (wasTyping !== (text !== undefined)) onModeChange?.(text === undefined ? "list" : "path");
  };

  const load = (source: ModelSource) => {
    const result = loadModel(source);
    if ("error" in result) setError(result.error);
    else onModel(result);
  };

  const typeText = (input: string) => {
    const [typed = "", ...rest] = input.split(/\r\n?|\n/);
    setError(undefined);
    const text = (pathRef.current ?? "") + typed.replace(terminalControls, "");
    setPath(text);
    // Enter inside a chunk (fast typing, a paste, or tmux send-keys) loads what came before it.
    if (rest.length > 0 && text.trim() !== "") load({ kind: "file", path: text.trim() });
  };

  useKeys(
    (input, key) => {
      const current = pathRef.current;
      if (current !== undefined) {
        if (key.return) {
          if (current.trim() !== "") load({ kind: "file", path: current.trim() });
        } else if (key.escape) {
          // Esc clears the typed text and its error first, then leaves the input (or the screen, with no list).
          setError(undefined);
          if (current !== "") setPath("");
          else setPath(undefined);
        } else if (key.backspace || key.delete) setPath(current.slice(0, -1));
        else if (input && !key.ctrl && !key.meta && !key.tab && !key.upArrow && !key.downArrow) typeText(input);
        return;
      }
      const delta = pickMove(key);
      if (delta !== undefined) setPick((current) => movedPick(current, delta, exampleModels.length));
      else if (key.return) {
        const id = exampleModels[pick];
        if (id) load({ kind: "example", id });
      } else if (input === "p") {
        setError(undefined);
        setPath("");
      } else if (key.escape) onBack();
    },
    { isActive: active },
  );

  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {props.taskLabel}: choose a model
      </Text>
      {props.note ? <Text color="yellow">{props.note}</Text> : null}
      <ChoiceList ids={exampleModels} pick={pick} focused={path === undefined} />
      {path === undefined ? (
        <Text dimColor>{exampleModels.length > 0 ? "p: type the path of a model record file instead" : "p: type the path of a model record file"}</Text>
      ) : (
        <Text>
          <Text bold>Model record file:</Text> <Text color="yellow">{path}</Text>
          <Text inverse> </Text>
        </Text>
      )}
      {error ? <Text color="red">{error}</Text> : null}
    </Box>
  );
}
