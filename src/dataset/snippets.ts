import { ExitCode, UserError } from "../errors.js";
import type { Snippet } from "../code/snippet.js";
import { installCommand } from "../code/install.js";
import { finishedCode } from "../code/finish.js";
import { refusingUnsendable } from "../validation/unsendable-field.js";
import type { DatasetRecord } from "./record.js";
import { datasetClients } from "./clients.js";
import { chooseData } from "./snippets/choice.js";
import type { LayoutProblem } from "./layout.js";
import { datasetView, type DatasetView } from "./view.js";
import { datasetClientNames, isDatasetClient } from "./client-names.js";

/*
 * The answer to "how do I load this dataset": one snippet per library that reads it, chosen from the record's
 * `library:` tags when it has them (the libraries the Hub found able to read it), else from its formats; then the
 * hf CLI download and the dataset viewer's HTTP API, which every dataset has.
 */

/** A dataset snippet: its kind is always `dataset`; its client, the library or tool. */
export interface DatasetSnippet extends Snippet {
  kind: "dataset";
}

export interface DatasetSnippetOptions {
  /** Only snippets in this language. */
  language?: string;
  /** Only this library or client (datasets, pandas, polars, duckdb, dask, mlcroissant, webdataset, hf, requests, fetch, curl). */
  client?: string;
  /** The config to read (default: the card's default config). */
  config?: string;
  /** The split to read (default: the config's first split). */
  split?: string;
  /** The record is an id alone (the CLI's --id), not a record fetched from the Hub: the notes say so, rather than blame a record. */
  idOnly?: boolean;
}

export interface DatasetSnippets {
  snippets: DatasetSnippet[];
  /** Lines for the user beside the code: access, libraries the Hub lists that hub-snippets writes no code for. */
  notes: string[];
  /** The config and split the code reads, when the record names them. */
  config?: string;
  split?: string;
}

/** Every client name, in the answer's order (for --client's help and checks). */

export function getDatasetSnippets(record: DatasetRecord, options: DatasetSnippetOptions = {}): DatasetSnippets {
  return refusingUnsendable(record, () => datasetAnswerOf(record, options).answer);
}

/** getDatasetSnippets's answer, with the record's view it was read from (which the notebook reads too). */
export function datasetAnswerOf(record: DatasetRecord, options: DatasetSnippetOptions): { view: DatasetView; answer: DatasetSnippets } {
  if (options.client !== undefined && !isDatasetClient(options.client)) {
    throw new UserError(`unknown dataset client '${options.client}' (one of: ${datasetClientNames.join(", ")})`, ExitCode.noMatch);
  }
  const view = datasetView(record);
  return { view, answer: answerOfView(view, options) };
}

function answerOfView(view: DatasetView, options: DatasetSnippetOptions): DatasetSnippets {
  if (view.disabled) throw new UserError(`${view.id} is disabled on the Hub: its files cannot be downloaded, so there is no code to give`, ExitCode.noMatch);
  const choice = chooseData(view, options);
  const tags = view.libraryTags;
  const asked = options.client;
  const snippets: DatasetSnippet[] = [];
  for (const entry of datasetClients) {
    if (options.language !== undefined && entry.language !== options.language) continue;
    if (asked !== undefined ? entry.client !== asked || !entry.reads(choice) : !entry.offered(choice, tags)) continue;
    const written = entry.write(choice);
    if (written === undefined) continue;
    // The code alone, as model snippets hold it: the printer ends it with one newline.
    const plain = written.content.replace(/\n+$/, "");
    snippets.push({
      kind: "dataset",
      language: entry.language,
      client: entry.client,
      content: finishedCode(entry.language, plain, view.access),
      ...(written.pip.length > 0 ? { install: installCommand("pip", written.pip) } : {}),
    });
  }
  const notes: string[] = [];
  for (const entry of datasetClients) {
    if (options.language !== undefined && entry.language !== options.language) continue;
    if (asked !== undefined && entry.client !== asked) continue;
    const refused = entry.refusal?.(choice);
    if (refused !== undefined && (tags.length === 0 || tags.includes(entry.client)))
      notes.push(`${view.id}: no ${entry.reader ?? entry.client} code, as ${refused}`);
  }
  const own = choice.config?.ownBuilder;
  if (own !== undefined && snippets.some((snippet) => snippet.client === "datasets"))
    notes.push(`${view.id}: ${own}; the 🤗 Datasets code names the ${choice.config!.builder} builder and the config's files instead`);
  const unwritten = tags.filter((tag) => !isDatasetClient(tag));
  if (unwritten.length > 0) notes.push(`${view.id}: also read by ${unwritten.join(", ")} (hub-snippets libraries list --datasets links their docs)`);
  const viewer = view.viewer;
  if (!viewer.served) notes.push(`${view.id}: no dataset viewer calls, as ${viewer.reason}`);
  else if (viewer.note !== undefined && snippets.some((snippet) => ["requests", "fetch", "curl"].includes(snippet.client)))
    notes.push(`${view.id}: ${viewer.note}`);
  const script = choice.config?.loadingScript;
  if (script !== undefined)
    notes.push(
      `${view.id}: ${script} builds this dataset, a loading script that 🤗 Datasets 4 and later no longer run; the code reads the Hub's parquet conversion of it (${choice.revision}), which the dataset viewer wrote before it stopped converting script datasets: the branch may be stale, or missing (then only the download of the script and its files is left)`,
    );
  const problem = choice.config?.problem;
  if (problem !== undefined) notes.push(`${view.id}: ${describeProblem(problem, choice.config!.name, viewer.served)}`);
  const fetchRecord = `curl -s https://huggingface.co/api/datasets/${view.id}`;
  if (options.idOnly)
    notes.push(
      `${view.id}: only its id was given, so nothing is known of its configs or data files and the code is generic; for code that fits them, give its record: ${fetchRecord}`,
    );
  else if (view.configs.length === 0 && view.files === undefined)
    notes.push(`${view.id}: the record names no configs or data files, so the code is generic; fetch the complete record with ${fetchRecord}`);
  const answer: DatasetSnippets = {
    snippets,
    notes,
    ...(choice.config ? { config: choice.config.name } : {}),
    ...(choice.split ? { split: choice.split.name } : {}),
  };
  return answer;
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

/** Why a client asked for wrote nothing (exit 1). */
export function explainNoDatasetSnippet(record: DatasetRecord, options: DatasetSnippetOptions): UserError {
  const all = getDatasetSnippets(record, {
    config: options.config,
    split: options.split,
  }).snippets;
  const offered = [...new Set(all.map((snippet) => `${snippet.language}/${snippet.client}`))].join(", ");
  const wanted = [options.language, options.client].filter(Boolean).join("/");
  const choice = chooseData(datasetView(record), options);
  const builder = choice.config?.builder;
  // A reader that cannot be told the card's options, or a card 🤗 Datasets refuses, says so.
  const refused = datasetClients.find((entry) => entry.client === options.client)?.refusal?.(choice);
  const problem = choice.config?.problem;
  // Media folders, Arrow uploads and the like are read by 🤗 Datasets' builder of that name, not as a table.
  const why =
    refused !== undefined
      ? ` (${refused})`
      : problem?.kind === "card-refused"
        ? ` (🤗 Datasets refuses its card, as ${problem.reason})`
        : builder !== undefined && !["parquet", "csv", "json", "webdataset"].includes(builder)
          ? ` (its files are read by 🤗 Datasets' ${builder} builder: --client datasets)`
          : " (it does not read this dataset's files)";
  return new UserError(`no ${wanted} code for ${record.id}${options.client !== undefined ? why : ""}; code exists for: ${offered}`, ExitCode.noMatch);
}
