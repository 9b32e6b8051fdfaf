/*
 * The records the snippet-text drift is measured on (our own corpus: the library fixtures, one realistic record per
 * library path, the apps' fixture and probe models, the Hub records of test/fixtures/hub-records), and our own output for each, through the product's generators.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { recordView } from "../../src/model/view.js";
import { appSnippetsOf } from "../../src/apps/snippets.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { librarySnippetsOf } from "../../src/libraries/snippets.js";
import { refusingUnsendable } from "../../src/validation/unsendable-field.js";

export interface CorpusRecord {
  /** Where it comes from, as the report names it ("libraries/transformers-text-gen"). */
  name: string;
  /** The record as the Hub's API writes it: what upstream's generators read. */
  json: Record<string, unknown>;
  model: ModelRecord;
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;

export function folderRecords(root: string, folder: string): CorpusRecord[] {
  return readdirSync(join(root, "test/fixtures", folder))
    .filter((file) => file.endsWith(".json") && file !== "expectations.json")
    .sort()
    .map((file) => {
      const json = readJson(join(root, "test/fixtures", folder, file));
      return { name: `${folder}/${file.slice(0, -".json".length)}`, json, model: ModelRecordSchema.parse(json) };
    });
}

function namedRecords(root: string, file: string): CorpusRecord[] {
  const models = readJson(join(root, "test/fixtures", file)) as Record<string, Record<string, unknown>>;
  return Object.entries(models).map(([name, json]) => ({ name: `${file.replace(/\.json$/, "")}/${name}`, json, model: ModelRecordSchema.parse(json) }));
}

/** The library fixtures (a realistic record per library path) and the records of the Hub we keep. */
export function libraryRecords(root: string): CorpusRecord[] {
  return [...folderRecords(root, "libraries"), ...folderRecords(root, "hub-records")];
}

/** The apps' fixture and probe models and the records of the Hub we keep. */
export function appRecords(root: string): CorpusRecord[] {
  return [...namedRecords(root, "apps/models.json"), ...namedRecords(root, "apps/probe-models.json"), ...folderRecords(root, "hub-records")];
}

const joined = (snippets: readonly { content: string }[]): string | undefined =>
  snippets.length === 0 ? undefined : snippets.map((snippet) => snippet.content).join("\n\n");

/** Our loading code for the record's library, or undefined where we write none. */
export function ourLibraryText(record: CorpusRecord): string | undefined {
  try {
    return joined(refusingUnsendable(record.model, () => librarySnippetsOf(recordView(record.model))));
  } catch {
    return undefined;
  }
}

/** Our snippets of one app for the record, or undefined where we write none. */
export function ourAppText(record: CorpusRecord, app: string): string | undefined {
  try {
    return joined(appSnippetsOf(recordView(record.model), { apps: [app] }));
  } catch {
    return undefined;
  }
}

/** Snippets as one text, each under a `# language/client` line. */
export const labelled = (snippets: readonly { language: string; client: string; content: string }[]): string | undefined =>
  snippets.length === 0 ? undefined : snippets.map((snippet) => `# ${snippet.language}/${snippet.client}\n${snippet.content}`).join("\n\n");

/** Our inference snippets of the record on one provider, or undefined where we write none. */
export function ourInferenceText(record: CorpusRecord, provider: string): string | undefined {
  try {
    return labelled(getInferenceSnippets(record.model, { provider }));
  } catch {
    return undefined;
  }
}
