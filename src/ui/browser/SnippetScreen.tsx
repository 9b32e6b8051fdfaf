import { Box, Text, useInput } from "ink";
import { useMemo, useState } from "react";
import type { Snippet } from "../../snippets/clients.js";
import { highlight } from "../highlight.js";
import { ScrollView, scrolled } from "./ScrollView.js";

/** Where the model record comes from: one of the task's example models, or a file a person typed. */
export type ModelSource = { kind: "example"; id: string } | { kind: "file"; path: string };

export type SnippetResult = { snippets: Snippet[] } | { error: string };

export interface SnippetScreenProps {
  taskLabel: string;
  exampleModels: readonly string[];
  width: number;
  height: number;
  active: boolean;
  makeSnippets: (source: ModelSource) => SnippetResult;
  /** Copies text and says how (or throws with a message to show). */
  copy: (text: string) => Promise<string>;
  onBack: () => void;
  onQuit: () => void;
  /** Reports whether a text input has focus, so the app's global keys leave typed text alone. */
  onTyping?: (typing: boolean) => void;
}

/** Pick a model, then read its snippets client by client and copy one. */
export function SnippetScreen(props: SnippetScreenProps) {
  const { exampleModels, height, active, makeSnippets, copy, onBack, onQuit, onTyping } = props;
  const [pick, setPick] = useState(0);
  const [path, setPath] = useState<string | undefined>(exampleModels.length === 0 ? "" : undefined);
  const [loaded, setLoaded] = useState<{ source: string; snippets: Snippet[] } | undefined>();
  const [clientIndex, setClientIndex] = useState(0);
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<{ text: string; error: boolean } | undefined>();

  const snippet = loaded?.snippets[clientIndex];
  const lines = useMemo(() => (snippet ? highlight(snippet.content, snippet.language).split("\n") : []), [snippet]);
  const viewHeight = Math.max(3, height - 4);

  const load = (source: ModelSource) => {
    const result = makeSnippets(source);
    const name = source.kind === "example" ? source.id : source.path;
    if ("error" in result) return setStatus({ text: result.error, error: true });
    setLoaded({ source: name, snippets: result.snippets });
    setClientIndex(0);
    setOffset(0);
    setPath(undefined);
    onTyping?.(false);
    setStatus(undefined);
  };

  const typing = (text: string | undefined) => {
    setPath(text);
    onTyping?.(text !== undefined && text !== "");
  };

  useInput(
    (input, key) => {
      if (loaded) {
        const count = loaded.snippets.length;
        if (key.leftArrow || key.rightArrow) {
          setClientIndex((index) => (index + (key.leftArrow ? count - 1 : 1)) % count);
          setOffset(0);
          setStatus(undefined);
        } else if (key.upArrow) setOffset(scrolled(offset, -1, lines.length, viewHeight));
        else if (key.downArrow) setOffset(scrolled(offset, 1, lines.length, viewHeight));
        else if (key.pageUp) setOffset(scrolled(offset, -viewHeight, lines.length, viewHeight));
        else if (key.pageDown) setOffset(scrolled(offset, viewHeight, lines.length, viewHeight));
        else if (input === "c" && snippet) {
          copy(snippet.content).then(
            (how) => setStatus({ text: how, error: false }),
            (error: Error) => setStatus({ text: error.message, error: true }),
          );
        } else if (input === "m") setLoaded(undefined);
        else if (key.escape) onBack();
        else if (input === "q") onQuit();
        return;
      }
      if (path !== undefined) {
        if (key.return && path.trim() !== "") load({ kind: "file", path: path.trim() });
        else if (key.escape) {
          // Esc clears typed text first, then leaves the input (or the screen, when there is no model list).
          if (path !== "") typing("");
          else if (exampleModels.length > 0) typing(undefined);
          else onBack();
        }
        else if (key.backspace || key.delete) typing(path.slice(0, -1));
        else if (input && !key.ctrl && !key.meta && !key.return && !key.tab) typing(path + input);
        return;
      }
      if (key.upArrow) setPick(Math.max(0, pick - 1));
      else if (key.downArrow) setPick(Math.min(exampleModels.length - 1, pick + 1));
      else if (key.return) {
        const id = exampleModels[pick];
        if (id) load({ kind: "example", id });
      } else if (input === "p") typing("");
      else if (key.escape) onBack();
      else if (input === "q") onQuit();
    },
    { isActive: active },
  );

  const statusLine = status ? <Text color={status.error ? "red" : "green"}>{status.text}</Text> : null;

  if (loaded && snippet) {
    return (
      <Box flexDirection="column">
        <Text wrap="truncate-end">
          <Text bold>Model:</Text> {loaded.source}
        </Text>
        <Text wrap="truncate-end">
          <Text bold>Client:</Text>{" "}
          <Text inverse color="cyan">
            {" "}
            {snippet.language}/{snippet.client}{" "}
          </Text>{" "}
          <Text dimColor>
            {clientIndex + 1} of {loaded.snippets.length}, ←/→ for{" "}
            {loaded.snippets
              .filter((_, index) => index !== clientIndex)
              .map((item) => `${item.language}/${item.client}`)
              .join(", ")}
          </Text>
        </Text>
        <ScrollView lines={lines} offset={scrolled(offset, 0, lines.length, viewHeight)} height={viewHeight} />
        {statusLine}
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      <Text bold>Snippets for {props.taskLabel}: choose a model</Text>
      {exampleModels.map((id, index) => (
        <Text key={id} inverse={path === undefined && index === pick} wrap="truncate-end">
          {path === undefined && index === pick ? "›" : " "} {id}
        </Text>
      ))}
      {path === undefined ? (
        <Text dimColor>p: type the path of a model record file instead</Text>
      ) : (
        <Text>
          <Text bold>Model record file:</Text> <Text color="yellow">{path}</Text>
          <Text inverse> </Text>
        </Text>
      )}
      {statusLine}
    </Box>
  );
}
