import { Box } from "ink";
import { policies, type Policy } from "../../inference/policy.js";
import { Text } from "./VisibleText.js";
import { useLayoutEffect, useMemo, useState } from "react";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../code/snippet.js";
import type { PageAnswer } from "./page-answers.js";
import type { KeyHint } from "./Footer.js";
import { modelPageKeys } from "./keys.js";
import { guessedRecordCommand, guessedRecordRows, NothingToShow, SnippetLine, TabLine, TogglesLine } from "./ModelPageLines.js";
import type { NotebookService } from "./notebook-file.js";
import { usePageAnswers } from "./page-answers.js";
import { modelPageNotebook, useNotebookKey } from "./page-notebook.js";
import { useSnippetPane, type CopyService } from "./snippet-pane.js";
import { useKeys } from "./use-keys.js";
import { clampPosition, snippetItems, type ItemPosition } from "./snippet-items.js";
import { memoryChoices, type SnippetSource, type ToggleName, type Toggles } from "./snippet-sources.js";

export interface ModelPageProps {
  model: ModelRecord;
  /** The record file the model came from, if any. */
  origin?: string;
  /** A record guessed from a catalogue model's id and task: the page says so above the code, and f copies the real one's fetch command. */
  guessed?: boolean;
  /** The model's task label, when the catalogue knows its pipeline_tag. */
  taskLabel?: string;
  sources: readonly SnippetSource[];
  width: number;
  height: number;
  active: boolean;
  /** Copies text and says how (or throws with a message to show). */
  copy: CopyService;
  /** Saves the notebook `n` writes and says where (or throws with a message to show). */
  saveNotebook: NotebookService;
  onBack: () => void;
  onChooseModel: () => void;
  /** The keys that work on the page as it is now (the toggles depend on the tab and the model). */
  onHints?: (hints: KeyHint[]) => void;
}

interface Tab {
  source: SnippetSource;
  snippets: Snippet[];
  /** Why the tab has no code for the choices made (a memory no quantization fits). */
  error: string | undefined;
}

/** A source's tab in the answer for the page's toggles: its snippets, or the message of a choice that fits nothing. */
function tabOf(source: SnippetSource, answer: PageAnswer, model: ModelRecord): Tab {
  const error = source.errorFor?.(answer);
  return { source, snippets: error === undefined ? source.snippetsFor(answer, model) : [], error };
}

/** What P cycles: no policy, then the router's three. */
const policyChoices: readonly (Policy | undefined)[] = [undefined, ...policies];

/** The toggles' keys. */
const toggleKeys: ReadonlyMap<string, ToggleName> = new Map([
  ["p", "provider"],
  ["P", "policy"],
  ["s", "stream"],
  ["M", "memory"],
]);

/** What the page's tabs offer between them: the toggles, a snippet of several commands, an install line. */
function keysOfPage(tabs: readonly Tab[], answer: PageAnswer): { toggles: ReadonlySet<ToggleName>; steps: boolean; install: boolean } {
  const toggles = new Set(tabs.flatMap((tab) => tab.source.togglesFor?.(answer) ?? []));
  const steps = tabs.some((tab) => snippetItems(tab.snippets, tab.source.groupsByClient === true).items.some((item) => item.length > 1));
  const install = tabs.some((tab) => tab.snippets.some((snippet) => snippet.install !== undefined));
  return { toggles, steps, install };
}

/** The choice after (or before) the current one, round the list. */
const cycle = <T,>(choices: readonly T[], current: T, delta = 1): T =>
  choices[(((choices.indexOf(current) + delta) % choices.length) + choices.length) % choices.length] as T;

/** A model's page, as the Hub's "Use this model" panel: one tab per kind of snippet, each copyable. */
export function ModelPage(props: ModelPageProps) {
  const { model, sources, width, height, active, copy, saveNotebook, onHints } = props;
  const answerFor = usePageAnswers(model);
  const [toggles, setToggles] = useState<Toggles>({ provider: undefined, policy: undefined, stream: false, memory: undefined });
  // One answer per set of toggles: what every line of the page reads.
  const answer = answerFor(toggles);
  const providers = answer.page?.providers ?? [];
  // Until p is pressed, the provider is the core's choice, the first it offers.
  const provider = toggles.provider ?? providers[0];
  // A GGUF repository opens on its local apps: no provider serves it.
  const [tabId, setTabId] = useState<string | undefined>(() => sources.find((source) => source.opensFor?.(answer))?.id);
  const [position, setPosition] = useState<ItemPosition>({ item: 0, step: 0 });

  const tabs = useMemo<Tab[]>(
    () => sources.map((source) => tabOf(source, answer, model)).filter((tab) => tab.snippets.length > 0 || tab.error !== undefined),
    [answer, sources, model],
  );
  const tabIndex = Math.max(
    0,
    tabs.findIndex((tab) => tab.source.id === tabId),
  );
  const tab = tabs[tabIndex];
  const grouped = tab?.source.groupsByClient === true;
  const { items, labels } = useMemo(() => snippetItems(tab?.snippets ?? [], grouped), [tab, grouped]);
  const { item, step } = clampPosition(position, items);
  const steps = items[item]?.length ?? 0;
  const snippet = items[item]?.[step];
  const applicable: ToggleName[] = tab?.source.togglesFor?.(answer) ?? [];
  const note = tab?.error ?? tab?.source.noteFor?.(answer, toggles);
  const install = snippet?.install;
  const recordNote = props.guessed ? guessedRecordRows(model.id, width, providers.length > 1) : [];
  const codeHeight = Math.max(3, height - (5 + recordNote.length + (applicable.length > 0 ? 1 : 0) + (note ? 1 : 0) + (install ? 1 : 0)));
  const pane = useSnippetPane(snippet, { width, codeHeight, copy });
  const writeNotebook = useNotebookKey(saveNotebook, pane.say);

  // The page's keys, the same on every tab (a key a tab lacks says so when pressed): the footer never changes
  // under the user's eyes as Tab moves on.
  const pageKeys = useMemo(() => keysOfPage(tabs, answer), [tabs, answer]);
  const hintKeys = [
    tabs.length > 1 ? "" : "Tab",
    pageKeys.toggles.has("provider") ? "" : "p",
    pageKeys.toggles.has("policy") ? "" : "P",
    pageKeys.toggles.has("stream") ? "" : "s",
    pageKeys.toggles.has("memory") ? "" : "M",
    pageKeys.steps ? "" : "Enter",
    tab ? "" : "n",
    pageKeys.install ? "" : "i",
    props.guessed ? "" : "f",
  ];
  const hintsKey = hintKeys.join(",");
  // Before the frame is drawn, so the footer never shows keys this page does not have.
  useLayoutEffect(() => {
    onHints?.(modelPageKeys.filter((hint) => !hintKeys.includes(hint.keys)));
  }, [hintsKey]);

  const reset = pane.reset;
  const showTab = (delta: number) => {
    setTabId((current) => {
      const shown = tabs.find((entry) => entry.source.id === current) ?? (tabs[0] as Tab);
      return cycle(tabs, shown, delta).source.id;
    });
    setPosition({ item: 0, step: 0 });
    reset();
  };
  const toggle = (change: (current: Toggles) => Partial<Toggles>) => {
    setToggles((current) => ({ ...current, ...change(current) }));
    reset();
  };

  useKeys(
    (input, key) => {
      const count = items.length;
      if (key.tab && tabs.length > 0) showTab(key.shift ? -1 : 1);
      else if ((key.leftArrow || key.rightArrow) && count > 0) {
        setPosition((current) => ({ item: (clampPosition(current, items).item + (key.leftArrow ? count - 1 : 1)) % count, step: 0 }));
        reset();
      } else if (key.return && steps > 1) {
        setPosition((current) => {
          const shown = clampPosition(current, items);
          return { item: shown.item, step: (shown.step + 1) % steps };
        });
        reset();
      } else if (pane.handleKey(input, key)) return;
      else if (input === "n" && tab) writeNotebook(() => tab.source.notebookFor?.(answer, snippet) ?? modelPageNotebook(answer));
      // A provider chosen by name ends the policy; a policy lets the router choose again.
      else if (input === "p" && applicable.includes("provider"))
        toggle((current) => ({ provider: cycle(providers, current.provider ?? provider ?? ""), policy: undefined }));
      else if (input === "P" && applicable.includes("policy")) toggle((current) => ({ policy: cycle(policyChoices, current.policy) }));
      else if (input === "s" && applicable.includes("stream")) toggle((current) => ({ stream: !current.stream }));
      else if (input === "M" && applicable.includes("memory")) toggle((current) => ({ memory: cycle(memoryChoices, current.memory) }));
      else if (toggleKeys.has(input) && pageKeys.toggles.has(toggleKeys.get(input)!)) {
        pane.say({ text: `${input}: this tab has no ${toggleKeys.get(input)} choice; Tab to a tab that has one.`, error: false });
      } else if (input === "m") props.onChooseModel();
      else if (input === "f" && props.guessed) {
        copy(guessedRecordCommand(model.id)).then(
          (how) => pane.say({ text: how, error: false }),
          (error: Error) => pane.say({ text: error.message, error: true }),
        );
      } else if (key.escape) props.onBack();
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

  if (!tab) {
    return (
      <Box flexDirection="column">
        {heading}
        <NothingToShow model={model} refused={answer.refused} />
      </Box>
    );
  }

  return (
    <Box flexDirection="column">
      {heading}
      {recordNote.map((line, index) => (
        <Text key={index} wrap="truncate-end" dimColor>
          {line}
        </Text>
      ))}
      <TabLine sources={tabs.map((entry) => entry.source)} current={tabIndex} />
      {snippet ? <SnippetLine labels={labels} item={item} step={step} steps={steps} grouped={grouped} /> : <Text> </Text>}
      {applicable.length > 0 ? <TogglesLine applicable={applicable} toggles={{ ...toggles, provider }} providers={providers} /> : null}
      {note ? (
        <Text wrap="truncate-end" color={tab.error ? "red" : undefined} dimColor={!tab.error}>
          {note}
        </Text>
      ) : null}
      {pane.view}
    </Box>
  );
}
