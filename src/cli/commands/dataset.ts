import type { DatasetRecord } from "../../dataset/record.js";
import { checkDatasetClient } from "../../dataset/client-names.js";
import { decideDataset, noDatasetCode } from "../../dataset/decision.js";
import { datasetAnswerOf } from "../../dataset/snippets.js";
import { datasetView } from "../../dataset/view.js";
import { UserError } from "../../errors.js";
import { modelIdPattern } from "../../model/model-id.js";
import { checkLanguage } from "../../code/languages.js";
import { readDatasetArgument } from "../dataset-source.js";
import { warn } from "../output.js";
import { emitSnippets, indexOption, pickByIndex, type SnippetOutputOptions } from "../snippet-output.js";

export interface DatasetCommandOptions extends SnippetOutputOptions {
  config?: string;
  split?: string;
  id?: string;
  notebook?: boolean;
}

function loadDataset(source: string | undefined, options: DatasetCommandOptions): DatasetRecord {
  if (source !== undefined && options.id !== undefined) throw new UserError("give either a dataset record or --id, not both");
  if (source !== undefined) return readDatasetArgument(source);
  if (options.id !== undefined) {
    if (!modelIdPattern.test(options.id))
      throw new UserError(`--id '${options.id}': not a Hub dataset id (name or owner/name of letters, digits, '.', '_', '-')`);
    return { id: options.id, tags: [] };
  }
  throw new UserError("missing dataset: give a dataset record file, - to read it from stdin, example:<name>, or --id <dataset-id>");
}

export async function datasetCommand(source: string | undefined, given: DatasetCommandOptions): Promise<void> {
  const options = { ...given, lang: given.lang === undefined ? undefined : checkLanguage(given.lang) };
  checkDatasetClient(options.client);
  if (options.notebook) (await import("../notebook-output.js")).checkNotebookOptions(options);
  const index = indexOption(options.index);
  const record = loadDataset(source, options);
  const query = {
    language: options.lang,
    client: options.client,
    config: options.config,
    split: options.split,
    idOnly: source === undefined,
  };
  // A value no shell word can carry is refused where a unit writes it, naming its field (decision.ts).
  const decision = decideDataset(datasetView(record), query);
  const answer = datasetAnswerOf(decision, query);
  if (answer.snippets.length === 0) throw noDatasetCode(decision, query);
  const { view } = decision;
  if (options.notebook) {
    const { writeDatasetNotebook } = await import("./dataset-notebook.js");
    writeDatasetNotebook(view, answer, pickByIndex(answer.snippets, index));
    for (const note of answer.notes) warn(note);
    return;
  }
  await emitSnippets(pickByIndex(answer.snippets, index), options);
  for (const note of answer.notes) warn(note);
}
