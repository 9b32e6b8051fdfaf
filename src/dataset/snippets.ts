import type { DatasetRecord } from "./record.js";
import { checkDatasetClient } from "./client-names.js";
import { decideDataset, type DatasetChoices, type DatasetDecision, type DatasetNote, type DatasetSnippet } from "./decision.js";
import { datasetView } from "./view.js";

export type { DatasetSnippet } from "./decision.js";

/*
 * The answer to "how do I load this dataset": one snippet per library that reads it, chosen from the record's
 * `library:` tags when it has them (the libraries the Hub found able to read it), else from its formats; then the
 * hf CLI download and the dataset viewer's HTTP API, which every dataset has. The decision (decision.ts) holds what
 * every filter can show; datasetAnswerOf writes what one shows.
 */

/** What a dataset's answer shows: a language, a client (datasets, pandas, polars, duckdb, dask, mlcroissant, webdataset, hf, requests, fetch, curl). */
export interface DatasetFilter {
  /** Only snippets in this language. */
  language?: string;
  /** Only this library or client. */
  client?: string;
}

export interface DatasetSnippetOptions extends DatasetChoices, DatasetFilter {}

export interface DatasetSnippets {
  snippets: DatasetSnippet[];
  /** Lines for the user beside the code: access, libraries the Hub lists that hub-snippets writes no code for. */
  notes: string[];
  /** The config and split the code reads, when the record names them. */
  config?: string;
  split?: string;
}

export function getDatasetSnippets(record: DatasetRecord, options: DatasetSnippetOptions = {}): DatasetSnippets {
  checkDatasetClient(options.client);
  return datasetAnswerOf(decideDataset(datasetView(record), options), options);
}

/** Whether the filter takes a client: its language and its name, when they are given. */
const takes = (filter: DatasetFilter, { client, language }: { client: string; language: string }) =>
  (filter.language === undefined || language === filter.language) && (filter.client === undefined || filter.client === client);

function holds(note: DatasetNote, filter: DatasetFilter, shown: readonly DatasetSnippet[]): boolean {
  const { when } = note;
  if (when.kind === "always") return true;
  if (when.kind === "filter-takes") return takes(filter, when);
  return shown.some((snippet) => when.clients.includes(snippet.client));
}

/** What a filter shows of a decision: a client asked for by name whenever it reads the data, else the offered ones. */
export function datasetAnswerOf(decision: DatasetDecision, filter: DatasetFilter): DatasetSnippets {
  const snippets = decision.units
    .filter((unit) => takes(filter, unit) && (filter.client !== undefined ? unit.reads : unit.offered))
    .flatMap((unit) => unit.write() ?? []);
  const { config, split } = decision.choice;
  return {
    snippets,
    notes: decision.notes.filter((note) => holds(note, filter, snippets)).map((note) => note.text),
    ...(config ? { config: config.name } : {}),
    ...(split ? { split: split.name } : {}),
  };
}
