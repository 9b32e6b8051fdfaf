import { Text } from "./VisibleText.js";
import { chosenLabel } from "./chosen-label.js";
import type { ModelRecord } from "../../model/record.js";
import { completeRecordCurl } from "../../model/record-url.js";
import { hangingWrap } from "../hanging-wrap.js";
import type { SnippetSource, ToggleName, Toggles } from "./snippet-sources.js";

/** The tabs, the current one highlighted. */
export function TabLine({ sources, current }: { sources: readonly SnippetSource[]; current: number }) {
  return (
    <Text wrap="truncate-end">
      {sources.map((source, index) => (
        <Text key={source.id}>
          {index > 0 ? " " : ""}
          {index === current ? (
            <Text inverse bold color="cyan">
              {chosenLabel(source.label)}
            </Text>
          ) : (
            <Text dimColor>{` ${source.label} `}</Text>
          )}
        </Text>
      ))}
      {sources.length > 1 ? <Text dimColor> Tab: next</Text> : null}
    </Text>
  );
}

/** The snippet shown (or the app, with its command's number), and the others ←/→ reach. */
export function SnippetLine({
  labels,
  item,
  step,
  steps,
  grouped,
}: {
  labels: readonly string[];
  item: number;
  step: number;
  steps: number;
  grouped: boolean;
}) {
  const others = labels.filter((_, index) => index !== item);
  return (
    <Text wrap="truncate-end">
      <Text bold>{grouped ? "App:" : "Snippet:"}</Text>{" "}
      <Text inverse color="cyan">
        {chosenLabel(`${labels[item]}${steps > 1 ? ` ${step + 1}/${steps}` : ""}`)}
      </Text>{" "}
      <Text dimColor>
        {steps > 1 ? "Enter: next command; " : ""}
        {item + 1} of {labels.length}
        {others.length > 0 ? `, ←/→ for ${others.join(", ")}` : ""}
      </Text>
    </Text>
  );
}

/** The choices that change the tab's snippets, each with its key. */
export function TogglesLine({ applicable, toggles, providers }: { applicable: readonly ToggleName[]; toggles: Toggles; providers: readonly string[] }) {
  return (
    <Text wrap="truncate-end">
      {applicable.includes("stream") ? (
        <Text>
          <Text bold>Stream:</Text> {toggles.stream ? "on" : "off"} <Text dimColor>(s)</Text>
          {"  "}
        </Text>
      ) : null}
      {applicable.includes("provider") ? (
        <Text>
          <Text bold>Provider:</Text> {toggles.policy === undefined ? toggles.provider : `the router's :${toggles.policy}`}{" "}
          <Text dimColor>{toggles.policy === undefined ? `(p: ${providers.indexOf(toggles.provider ?? "") + 1} of ${providers.length})` : "(p)"}</Text>
          {"  "}
        </Text>
      ) : null}
      {applicable.includes("policy") ? (
        <Text>
          <Text bold>Policy:</Text> {toggles.policy ?? "off"} <Text dimColor>(P)</Text>
          {"  "}
        </Text>
      ) : null}
      {applicable.includes("memory") ? (
        <Text>
          <Text bold>Memory:</Text> {toggles.memory ?? "any (default quant)"} <Text dimColor>(M)</Text>
        </Text>
      ) : null}
    </Text>
  );
}

/** What the page says when the core makes no snippet at all for the model; `refused`: the core's reason when it refuses the model outright. */
export function NothingToShow({ model, refused }: { model: ModelRecord; refused: string | undefined }) {
  // A model the Hub has disabled: the core says why.
  if (refused !== undefined) {
    return (
      <Text color="yellow" wrap="wrap">
        {refused}
      </Text>
    );
  }
  return (
    <Text color="yellow" wrap="wrap">
      The core makes no snippet for {model.id}: no provider serves its task
      {model.pipeline_tag ? ` (${model.pipeline_tag})` : " (the record has no pipeline_tag)"}, no loading recipe for its library
      {model.library_name ? ` (${model.library_name})` : ""}, and no local app runs it.
    </Text>
  );
}

/** The command that fetches a catalogue model's complete record into `<name>.json`, which `f` copies. */
export function guessedRecordCommand(id: string): string {
  return `${completeRecordCurl(id)} > ${id.split("/").at(-1)}.json`;
}

/**
 * What a catalogue model's page says above its code, wrapped to `width` (the command is ~360 characters: cut, its
 * `> <name>.json` would never show): the record is a guess (the catalogue holds none; with `offersProviders`, the
 * providers p cycles through are guesses as well), the command that fetches the complete one, which f copies, and
 * how to open it, as a dataset's page says.
 */
export function guessedRecordRows(id: string, width: number, offersProviders: boolean): string[] {
  const file = `${id.split("/").at(-1)}.json`;
  const assumed = offersProviders
    ? "hf-inference is assumed, and the providers p offers are guesses too (those that serve its task)"
    : "hf-inference alone is assumed";
  return [
    ...hangingWrap(`Guessed record: the catalogue holds no record of this model, so ${assumed}. Fetch it with (f copies it):`, width, "", "  "),
    ...hangingWrap(guessedRecordCommand(id), width, "  ", "  "),
    ...hangingWrap(`then p on the model chooser, or hub-snippets --model ${file}, gives its providers, library and apps.`, width, "  ", "  "),
  ];
}
