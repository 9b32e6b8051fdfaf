import { refusingUnsendable } from "../validation/unsendable-field.js";
import { ExitCode, UserError } from "../errors.js";
import type { Language } from "../code/languages.js";
import type { Snippet } from "../code/snippet.js";
import { installCommand } from "../code/install.js";
import { finishedCode } from "../code/finish.js";
import { datasetClients, type DatasetClient } from "./clients.js";
import { isDatasetClient, type DatasetClientName } from "./client-names.js";
import { chooseData, type DatasetChoice } from "./snippets/choice.js";
import type { LayoutProblem } from "./layout.js";
import type { DatasetView } from "./view.js";

/*
 * What a dataset's answer can hold, decided once from its view and the data asked for (config, split), with no
 * filter and no face: each client's code as a unit written when shown, whether it is offered by default and whether
 * it reads the data when asked for by name, why it does not, and the notes, each saying when it holds. The answer
 * (datasetAnswerOf, snippets.ts) writes what a filter (language, client) shows; the faces read the two.
 */

/** A dataset snippet: its kind is always `dataset`; its client, the library or tool. */
export interface DatasetSnippet extends Snippet {
  kind: "dataset";
}

/** The data asked for, and how the record came: an id alone (the CLI's --id) says so in the notes. */
export interface DatasetChoices {
  config?: string;
  split?: string;
  idOnly?: boolean;
}

/** A client's code for the dataset, written on first use. */
interface DatasetUnit {
  client: DatasetClientName;
  language: Language;
  /** In the answer by default: a library the record's tags name, or, without tags, one that reads its format. */
  offered: boolean;
  /** In the answer when asked for by name: it reads the data at all. */
  reads: boolean;
  /** Why it does not read data it would otherwise read (a card option it cannot be told), when that is so. */
  refusal: string | undefined;
  /** The snippet, or undefined where its generator writes none for the data. */
  write(): DatasetSnippet | undefined;
}

/** When a note holds: always; when the filter takes a client (its language and name); when the answer shows one of some clients. */
type NoteCondition =
  { kind: "always" } | { kind: "filter-takes"; client: DatasetClientName; language: Language } | { kind: "shown"; clients: readonly string[] };

export interface DatasetNote {
  text: string;
  when: NoteCondition;
}

export interface DatasetDecision {
  readonly view: DatasetView;
  readonly choice: DatasetChoice;
  /** Every client's unit, in the table's order (the order an answer lists them). */
  readonly units: readonly DatasetUnit[];
  /** The notes, in the order an answer gives them. */
  readonly notes: readonly DatasetNote[];
}

const always: NoteCondition = { kind: "always" };

function unitOf(entry: DatasetClient, choice: DatasetChoice, tags: readonly string[]): DatasetUnit {
  let written: { snippet: DatasetSnippet | undefined } | undefined;
  const write = (): DatasetSnippet | undefined => {
    const code = entry.write(choice);
    if (code === undefined) return undefined;
    // The code alone, as model snippets hold it: the printer ends it with one newline.
    const plain = code.content.replace(/\n+$/, "");
    const content = finishedCode(entry.language, plain, choice.view.access);
    return code.pip.length > 0
      ? { kind: "dataset", language: entry.language, client: entry.client, content, install: installCommand("pip", code.pip) }
      : { kind: "dataset", language: entry.language, client: entry.client, content };
  };
  return {
    client: entry.client,
    language: entry.language,
    offered: entry.offered(choice, tags),
    reads: entry.reads(choice),
    refusal: entry.refusal?.(choice),
    // Refused where written, as a model's unit is (codeUnit): a value no shell word can carry names its field.
    write: () => (written ??= { snippet: refusingUnsendable(choice.view.record, write) }).snippet,
  };
}

/** The decision for the data asked for; a disabled dataset has none (exit 1). */
export function decideDataset(view: DatasetView, choices: DatasetChoices = {}): DatasetDecision {
  if (view.disabled) throw new UserError(`${view.id} is disabled on the Hub: its files cannot be downloaded, so there is no code to give`, ExitCode.noMatch);
  const choice = chooseData(view, choices);
  const tags = view.libraryTags;
  const units = datasetClients.map((entry) => unitOf(entry, choice, tags));
  return { view, choice, units, notes: notesOf(view, choice, units, choices) };
}

const viewerClients = datasetClients.filter((entry) => entry.viewer === true).map((entry) => entry.client);

function notesOf(view: DatasetView, choice: DatasetChoice, units: readonly DatasetUnit[], choices: DatasetChoices): DatasetNote[] {
  const tags = view.libraryTags;
  const notes: DatasetNote[] = [];
  for (const unit of units) {
    const entry = datasetClients.find((row) => row.client === unit.client)!;
    if (unit.refusal !== undefined && (tags.length === 0 || tags.includes(unit.client)))
      notes.push({
        text: `${view.id}: no ${entry.reader ?? entry.client} code, as ${unit.refusal}`,
        when: { kind: "filter-takes", client: unit.client, language: unit.language },
      });
  }
  const own = choice.config?.ownBuilder;
  if (own !== undefined)
    notes.push({
      text: `${view.id}: ${own}; the 🤗 Datasets code names the ${choice.config!.builder} builder and the config's files instead`,
      when: { kind: "shown", clients: ["datasets"] },
    });
  const unwritten = tags.filter((tag) => !isDatasetClient(tag));
  if (unwritten.length > 0)
    notes.push({ text: `${view.id}: also read by ${unwritten.join(", ")} (hub-snippets libraries list --datasets links their docs)`, when: always });
  const viewer = view.viewer;
  if (!viewer.served) notes.push({ text: `${view.id}: no dataset viewer calls, as ${viewer.reason}`, when: always });
  else if (viewer.note !== undefined) notes.push({ text: `${view.id}: ${viewer.note}`, when: { kind: "shown", clients: viewerClients } });
  const script = choice.config?.loadingScript;
  if (script !== undefined)
    notes.push({
      text: `${view.id}: ${script} builds this dataset, a loading script that 🤗 Datasets 4 and later no longer run; the code reads the Hub's parquet conversion of it (${choice.revision}), which the dataset viewer wrote before it stopped converting script datasets: the branch may be stale, or missing (then only the download of the script and its files is left)`,
      when: always,
    });
  const problem = choice.config?.problem;
  if (problem !== undefined) notes.push({ text: `${view.id}: ${describeProblem(problem, choice.config!.name, viewer.served)}`, when: always });
  const fetchRecord = `curl -s https://huggingface.co/api/datasets/${view.id}`;
  if (choices.idOnly)
    notes.push({
      text: `${view.id}: only its id was given, so nothing is known of its configs or data files and the code is generic; for code that fits them, give its record: ${fetchRecord}`,
      when: always,
    });
  else if (view.configs.length === 0 && view.files === undefined)
    notes.push({
      text: `${view.id}: the record names no configs or data files, so the code is generic; fetch the complete record with ${fetchRecord}`,
      when: always,
    });
  return notes;
}

/** What 🤗 Datasets would say of a config it cannot load, and what the code below still does. */
function describeProblem(problem: LayoutProblem, config: string, viewerServed: boolean): string {
  if (problem.kind === "card-refused")
    return `🤗 Datasets refuses this repository's card, as ${problem.reason}, and with it every config of the repository (valid ones too), so no code here reads their rows; only the download is given`;
  const what = ((): string => {
    switch (problem.kind) {
      case "no-data-files":
        return "holds no data file 🤗 Datasets reads";
      case "missing-file":
        return `names a file the repository does not have (${problem.path})`;
      case "invalid-split-name":
        return `has a shard name whose split is not a valid split name (${problem.name})`;
      case "zip-archives":
        return "holds zip archives, whose contents decide how 🤗 Datasets reads them";
      case "mixed-formats":
        return `mixes formats across splits (${problem.builders.join(", ")}), which 🤗 Datasets refuses`;
      case "unfiltered-files":
        return `names files of another format beside its ${problem.builder} files (${problem.file}), which 🤗 Datasets reads with the ${problem.builder} builder all the same (it filters a card config's files by no extension), and fails`;
      case "invalid-pattern":
        return `names a pattern fsspec refuses to glob (${problem.pattern}: '**' can only be a whole path component), so load_dataset fails on it ("Invalid pattern")`;
    }
  })();
  return `config ${config} ${what}; only the download${viewerServed ? " and the dataset viewer's API are" : " is"} given`;
}

/**
 * Why a filter (language, client) found no code (exit 1), from the decision: the client's refusal, the card 🤗 Datasets
 * refuses, or the builder only 🤗 Datasets has; with the code that exists.
 */
export function noDatasetCode(decision: DatasetDecision, filter: { language?: string; client?: string }): UserError {
  const offered = [
    ...new Set(decision.units.filter((unit) => unit.offered && unit.write() !== undefined).map((unit) => `${unit.language}/${unit.client}`)),
  ].join(", ");
  const wanted = [filter.language, filter.client].filter(Boolean).join("/");
  const { choice } = decision;
  const refused = decision.units.find((unit) => unit.client === filter.client)?.refusal;
  const problem = choice.config?.problem;
  const builder = choice.config?.builder;
  // Media folders, Arrow uploads and the like are read by 🤗 Datasets' builder of that name: no other library's row reads its files.
  const onlyDatasets = builder !== undefined && !datasetClients.some((entry) => entry.builders?.includes(builder));
  const why =
    refused !== undefined
      ? ` (${refused})`
      : problem?.kind === "card-refused"
        ? ` (🤗 Datasets refuses its card, as ${problem.reason})`
        : onlyDatasets
          ? ` (its files are read by 🤗 Datasets' ${builder} builder: --client datasets)`
          : " (it does not read this dataset's files)";
  return new UserError(`no ${wanted} code for ${decision.view.id}${filter.client !== undefined ? why : ""}; code exists for: ${offered}`, ExitCode.noMatch);
}
