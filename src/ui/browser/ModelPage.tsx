import { Box, Text, useInput } from "ink";
import { useLayoutEffect, useMemo, useState } from "react";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../snippets/clients.js";
import { highlight } from "../highlight.js";
import { CodeView, codeWidth } from "./CodeView.js";
import type { KeyHint } from "./Footer.js";
import { modelPageKeys } from "./keys.js";
import { providerChoices } from "./provider-choices.js";
import { scrolled } from "./ScrollView.js";
import type { SnippetSource, ToggleName, Toggles } from "./snippet-sources.js";

export interface ModelPageProps {
  model: ModelRecord;
  /** The record file the model came from, if any. */
  origin?: string;
  /** The model's task label, when the catalogue knows its pipeline_tag. */
  taskLabel?: string;
  sources: readonly SnippetSource[];
  width: number;
  height: number;
  active: boolean;
  /** Copies text and says how (or throws with a message to show). */
  copy: (text: string) => Promise<string>;
  onBack: () => void;
  onChooseModel: () => void;
  onQuit: () => void;
  /** The keys that work on the page as it is now (the toggles depend on the tab and the model). */
  onHints?: (hints: KeyHint[]) => void;
}

interface Tab {
  source: SnippetSource;
  snippets: Snippet[];
}

/** `js/fetch`, numbered when one app or library has several snippets in the same language. */
function itemLabels(snippets: readonly Snippet[]): string[] {
  const seen = new Map<string, number>();
  return snippets.map((snippet) => {
    const base = `${snippet.language}/${snippet.client}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const total = snippets.filter((other) => `${other.language}/${other.client}` === base).length;
    return total > 1 ? `${base} (${count} of ${total})` : base;
  });
}

/** A model's page, as the Hub's "Use this model" panel: one tab per kind of snippet, each copyable. */
export function ModelPage(props: ModelPageProps) {
  const { model, sources, width, height, active, copy, onHints } = props;
  const providers = providerChoices(model);
  const [toggles, setToggles] = useState<Toggles>({ provider: providers[0] ?? "hf-inference", stream: false });
  const [tabId, setTabId] = useState<string | undefined>();
  const [itemIndex, setItemIndex] = useState(0);
  const [top, setTop] = useState(0);
  const [left, setLeft] = useState(0);
  const [status, setStatus] = useState<{ text: string; error: boolean } | undefined>();

  const tabs = useMemo<Tab[]>(
    () => sources.map((source) => ({ source, snippets: source.snippetsFor(model, toggles) })).filter((tab) => tab.snippets.length > 0),
    [model, sources, toggles],
  );
  const tabIndex = Math.max(0, tabs.findIndex((tab) => tab.source.id === tabId));
  const tab = tabs[tabIndex];
  const labels = useMemo(() => itemLabels(tab?.snippets ?? []), [tab]);
  const item = Math.min(itemIndex, Math.max(0, labels.length - 1));
  const snippet = tab?.snippets[item];
  const lines = useMemo(() => (snippet ? highlight(snippet.content, snippet.language).split("\n") : []), [snippet]);
  const widest = useMemo(() => codeWidth(lines), [lines]);
  const applicable: ToggleName[] = tab?.source.togglesFor?.(model) ?? [];
  const note = tab?.source.noteFor?.(model);
  const codeHeight = Math.max(3, height - (5 + (applicable.length > 0 || note ? 1 : 0)));

  const hintKeys = [tabs.length > 1 ? "" : "Tab", applicable.includes("provider") ? "" : "p", applicable.includes("stream") ? "" : "s"];
  const hintsKey = hintKeys.join(",");
  // Before the frame is drawn, so the footer never shows keys this page does not have.
  useLayoutEffect(() => {
    onHints?.(modelPageKeys.filter((hint) => !hintKeys.includes(hint.keys)));
  }, [hintsKey]);

  const reset = () => {
    setTop(0);
    setLeft(0);
    setStatus(undefined);
  };
  const showTab = (delta: number) => {
    const next = tabs[(((tabIndex + delta) % tabs.length) + tabs.length) % tabs.length];
    setTabId(next?.source.id);
    setItemIndex(0);
    reset();
  };
  const toggle = (change: Partial<Toggles>) => {
    setToggles({ ...toggles, ...change });
    reset();
  };

  useInput(
    (input, key) => {
      const count = labels.length;
      const sideways = Math.max(8, Math.floor(width / 2));
      // Tabs pressed fast (or sent by a script) can arrive as one chunk: each one counts.
      const tabPresses = /^\t+$/.test(input) ? input.length : key.tab ? 1 : 0;
      if (tabPresses > 0 && tabs.length > 0) showTab(key.shift ? -1 : tabPresses);
      else if ((key.leftArrow || key.rightArrow) && count > 0) {
        setItemIndex((item + (key.leftArrow ? count - 1 : 1)) % count);
        reset();
      } else if (key.upArrow) setTop(scrolled(top, -1, lines.length, codeHeight));
      else if (key.downArrow) setTop(scrolled(top, 1, lines.length, codeHeight));
      else if (key.pageUp) setTop(scrolled(top, -codeHeight, lines.length, codeHeight));
      else if (key.pageDown || input === " ") setTop(scrolled(top, codeHeight, lines.length, codeHeight));
      else if (input === "<") setLeft(scrolled(left, -sideways, widest, width));
      else if (input === ">") setLeft(scrolled(left, sideways, widest, width));
      else if (input === "p" && applicable.includes("provider")) {
        toggle({ provider: providers[(providers.indexOf(toggles.provider) + 1) % providers.length] ?? toggles.provider });
      } else if (input === "s" && applicable.includes("stream")) toggle({ stream: !toggles.stream });
      else if (input === "c" && snippet) {
        copy(snippet.content).then(
          (how) => setStatus({ text: how, error: false }),
          (error: Error) => setStatus({ text: error.message, error: true }),
        );
      } else if (input === "m") props.onChooseModel();
      else if (key.escape) props.onBack();
      else if (input === "q") props.onQuit();
    },
    { isActive: active },
  );

  const heading = (
    <Text wrap="truncate-end">
      <Text bold>Model:</Text> {model.id}
      <Text dimColor>
        {props.taskLabel ? `  ${props.taskLabel}` : model.pipeline_tag ? `  ${model.pipeline_tag}` : ""}
        {props.origin ? `  from ${props.origin}` : ""}
      </Text>
    </Text>
  );

  if (!tab || !snippet) {
    return (
      <Box flexDirection="column">
        {heading}
        <Text color="yellow" wrap="wrap">
          The core makes no snippet for {model.id}: no inference example for its task
          {model.pipeline_tag ? ` (${model.pipeline_tag})` : " (the record has no pipeline_tag)"}, no loading recipe for its
          library{model.library_name ? ` (${model.library_name})` : ""}, and no local app runs it.
        </Text>
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      {heading}
      <Text wrap="truncate-end">
        {tabs.map((entry, index) => (
          <Text key={entry.source.id}>
            {index > 0 ? " " : ""}
            {index === tabIndex ? (
              <Text inverse bold color="cyan">
                {` ${entry.source.label} `}
              </Text>
            ) : (
              <Text dimColor>{` ${entry.source.label} `}</Text>
            )}
          </Text>
        ))}
        {tabs.length > 1 ? <Text dimColor> Tab: next</Text> : null}
      </Text>
      <Text wrap="truncate-end">
        <Text bold>Snippet:</Text>{" "}
        <Text inverse color="cyan">
          {` ${labels[item]} `}
        </Text>{" "}
        <Text dimColor>
          {item + 1} of {labels.length}
          {labels.length > 1 ? `, ←/→ for ${labels.filter((_, index) => index !== item).join(", ")}` : ""}
        </Text>
      </Text>
      {applicable.length > 0 ? (
        <Text wrap="truncate-end">
          {applicable.includes("stream") ? (
            <Text>
              <Text bold>Stream:</Text> {toggles.stream ? "on" : "off"} <Text dimColor>(s)</Text>
              {"  "}
            </Text>
          ) : null}
          {applicable.includes("provider") ? (
            <Text>
              <Text bold>Provider:</Text> {toggles.provider}{" "}
              <Text dimColor>
                (p: {providers.indexOf(toggles.provider) + 1} of {providers.length})
              </Text>
            </Text>
          ) : null}
        </Text>
      ) : note ? (
        <Text wrap="truncate-end" dimColor>
          {note}
        </Text>
      ) : null}
      <CodeView lines={lines} top={scrolled(top, 0, lines.length, codeHeight)} left={left} width={width} height={codeHeight} />
      {status ? <Text color={status.error ? "red" : "green"}>{status.text}</Text> : null}
    </Box>
  );
}
