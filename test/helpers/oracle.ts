/*
 * The fact oracle: the published packages, pinned in package.json, read at test time. The catalogue must agree with
 * them on identifiers, codes, URLs, flags and sets (never on prose: every description, summary and snippet of the
 * product is its own). The facts are read once, as plain data, by scripts/upstream/package-facts.ts (the upstream
 * radar reads any other release with it); the tests compare data/ with them through factDifferences, whose
 * sentences name the fact that differs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import * as Inference from "@huggingface/inference";
import * as Tasks from "@huggingface/tasks";
import type { LocalApp, ModelData } from "@huggingface/tasks";
import { packageFacts } from "../../scripts/upstream/package-facts.js";

const requireHere = createRequire(import.meta.url);

function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(requireHere.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;
}

/** The two oracles, as the sentences of the tests name them ("@huggingface/tasks 0.21.54"). */
export const tasksPackage = `@huggingface/tasks ${installedVersion("@huggingface/tasks")}`;
export const inferencePackage = `@huggingface/inference ${installedVersion("@huggingface/inference")}`;

/** Where @huggingface/tasks and @huggingface/inference resolve from here, for the check that the pin is what runs. */
export const oraclePackages = {
  tasks: {
    version: installedVersion("@huggingface/tasks"),
    packageJson: requireHere.resolve("@huggingface/tasks/package.json"),
  },
  inference: {
    version: installedVersion("@huggingface/inference"),
    packageJson: requireHere.resolve("@huggingface/inference/package.json"),
  },
};

/**
 * The installed pair's facts. The package writes "none" as an empty string (`youtubeId: ""`, `widgetModels: [""]`,
 * `datasets: [{ id: "" }]` for zero-shot-image-classification): the facts leave those out, as the catalogue says
 * none by leaving the field out or with an empty list.
 */
const facts = packageFacts(Tasks, Inference);

/** A table's rows, each with its key under `keyField`, in the package's order. */
const rowsOf = <Row>(table: Map<string, Record<string, unknown>>, keyField: string): Row[] =>
  [...table].map(([key, row]) => ({ [keyField]: key, ...row }) as Row);

// ── Tasks, pipeline types, modalities ──────────────────────────────────────────────────────────────────────────

export interface OracleTask {
  id: string;
  label: string;
  modality: string;
  canonicalId: string | undefined;
  libraries: string[];
  datasets: string[];
  metrics: string[];
  models: string[];
  spaces: string[];
  widgetModels: string[];
  youtubeId: string | undefined;
  demoInputs: string[];
  demoOutputs: string[];
}

/** Every task with a page (TASKS_DATA's defined entries): its ids, lists of ids, and demo item types. */
export const oracleTasks: OracleTask[] = rowsOf(facts.task, "id");

export interface OraclePipeline {
  id: string;
  label: string;
  modality: string;
  subtasks: { id: string; label: string }[];
  hideInModels: true | undefined;
  hideInDatasets: true | undefined;
}

/**
 * Every pipeline type, in the package's order. A type without subtasks has an empty list (the package leaves the
 * field out); a hidden flag is true or left out (the package writes video-text-to-text's hideInDatasets as false).
 */
export const oraclePipelines: OraclePipeline[] = rowsOf(facts.pipeline, "id");

/** The modality ids (MODALITIES) with their labels (MODALITY_LABELS, in its order). */
export const oracleModalityIds: string[] = [...Tasks.MODALITIES];
export const oracleModalities: { id: string; label: string }[] = rowsOf(facts.modality, "id");

// ── Model libraries ────────────────────────────────────────────────────────────────────────────────────────────

export interface OracleLibrary {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string | undefined;
  filter: boolean;
  countDownloads: string | undefined;
  /** The package has a loading snippet for it, so the catalogue should have a recipe. */
  hasSnippets: boolean;
}

/** Every model library, in the package's order (`filter` false where the package leaves it out); its tasks are below. */
export const oracleLibraries: OracleLibrary[] = rowsOf<OracleLibrary & { tasks?: string[] }>(facts.library, "key").map(
  ({ tasks: _tasks, ...library }) => library,
);

// ── Dataset libraries ──────────────────────────────────────────────────────────────────────────────────────────

export interface OracleDatasetLibrary {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string | undefined;
}

/** Every library of the Hub's "Use this dataset" menu, in the package's order. */
export const oracleDatasetLibraries: OracleDatasetLibrary[] = rowsOf(facts.datasetLibrary, "key");

/** Library key → the tasks the package maps it to (LIBRARY_TASK_MAPPING); a library it does not name has none. */
export const oracleLibraryTasks: Record<string, string[]> = Object.fromEntries(
  Object.entries<readonly string[] | undefined>(Tasks.LIBRARY_TASK_MAPPING).map(([key, tasks]) => [key, [...(tasks ?? [])]]),
);

// ── Local apps ─────────────────────────────────────────────────────────────────────────────────────────────────

export interface OracleApp {
  key: string;
  label: string;
  docsUrl: string;
  mainTask: string;
  macOSOnly: boolean;
  kind: "snippet" | "deeplink";
}

/** Every local app, in the package's order: a deep link or a snippet to run. */
export const oracleApps: OracleApp[] = rowsOf(facts.app, "key");

/**
 * Small model records (a GGUF, an MLX, a transformers LLM, a diffusers and an ONNX model) on which the apps are
 * probed: ours, in test/fixtures/apps/probe-models.json, in the shape of the Hub's model API.
 */
export const probeModels = JSON.parse(readFileSync(new URL("../fixtures/apps/probe-models.json", import.meta.url), "utf8")) as Record<string, ModelData>;

/** The keys of the apps the package shows on a model's page (its `displayOnModelPage`), in the package's order. */
export function oracleAppsFor(model: ModelData): string[] {
  return Object.entries<LocalApp>(Tasks.LOCAL_APPS)
    .filter(([, app]) => app.displayOnModelPage(model))
    .map(([key]) => key);
}

// ── GGUF ───────────────────────────────────────────────────────────────────────────────────────────────────────

const codes = (table: Map<string, Record<string, unknown>>): Record<string, number> =>
  Object.fromEntries([...table].map(([name, row]) => [name, row["code"] as number]));

export const oracleFileTypes = codes(facts.ggufFileType);
export const oracleTensorTypes = codes(facts.ggmlTensorType);
/** The file types' names, largest first (GGUF_QUANT_ORDER). */
export const oracleSizeOrder: string[] = facts.ggufSizeOrder.get("size order")?.["fileTypes"] as string[];

// ── Inference providers ────────────────────────────────────────────────────────────────────────────────────────

const providerRows = rowsOf<{ id: string; tasks: string[]; hubOrg: string; directBaseUrls: string[] }>(facts.provider, "id");

export const oracleProviders: string[] = providerRows.map((row) => row.id);
export const oracleHubOrgs: Record<string, string> = { ...Inference.PROVIDERS_HUB_ORGS };

/** Provider → the tasks the SDK has a helper for, sorted. */
export const oracleProviderTasks: Record<string, string[]> = Object.fromEntries(providerRows.map((row) => [row.id, row.tasks]));

/**
 * Provider → the base URLs of direct calls (with the provider's own key), one per distinct URL its task helpers
 * call: fal-ai has two (its queue and its synchronous API); hf-inference's is the router's.
 */
export const oracleDirectBaseUrls: Record<string, string[]> = Object.fromEntries(providerRows.map((row) => [row.id, row.directBaseUrls]));

// ── Comparing ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A row of facts: its fields, compared by value (a field set to undefined and a field left out are the same). */
export type Facts = Record<string, unknown>;

const shown = (value: unknown): string => (value === undefined ? "absent" : JSON.stringify(value));

/** A list field's differences: the entries only one side has, or the same entries in another order. */
function listDifferences(fact: string, source: string, expected: readonly unknown[], file: string, actual: readonly unknown[]): string[] {
  const expectedShown = expected.map(shown);
  const actualShown = actual.map(shown);
  const missing = expectedShown.filter((entry) => !actualShown.includes(entry));
  const extra = actualShown.filter((entry) => !expectedShown.includes(entry));
  if (missing.length === 0 && extra.length === 0)
    return [`${fact} lists ${expectedShown.join(", ")} in ${source} but ${actualShown.join(", ")} (another order or count) in ${file}`];
  return [
    ...missing.map((entry) => `${fact} ${entry} is in ${source} but missing from ${file}`),
    ...extra.map((entry) => `${fact} ${entry} is in ${file} but not in ${source}`),
  ];
}

/**
 * One sentence per fact on which a data file differs from a package: a key that only one side has, a list entry
 * that only one side has, or a field whose values differ, e.g. "library 'diffusers' is in @huggingface/tasks 0.21.54
 * but missing from data/libraries.json". Both sides are rows by key; the caller keeps on our side only the fields
 * the package has facts for. `file` names the data file, or the file of a key.
 */
export function factDifferences(
  kind: string,
  source: string,
  oracle: Iterable<[string, Facts]>,
  file: string | ((key: string) => string),
  ours: Iterable<[string, Facts]>,
): string[] {
  const expected = new Map(oracle);
  const actual = new Map(ours);
  const fileOf = typeof file === "string" ? () => file : file;
  const sentences: string[] = [];
  for (const [key, facts] of expected) {
    const row = actual.get(key);
    if (!row) {
      sentences.push(`${kind} '${key}' is in ${source} but missing from ${fileOf(key)}`);
      continue;
    }
    for (const field of new Set([...Object.keys(facts), ...Object.keys(row)])) {
      const [want, have] = [facts[field], row[field]];
      if (isDeepStrictEqual(want, have)) continue;
      if (Array.isArray(want) && Array.isArray(have)) sentences.push(...listDifferences(`${kind} '${key}' ${field}:`, source, want, fileOf(key), have));
      else sentences.push(`${kind} '${key}' ${field} is ${shown(want)} in ${source} but ${shown(have)} in ${fileOf(key)}`);
    }
  }
  for (const key of actual.keys()) if (!expected.has(key)) sentences.push(`${kind} '${key}' is in ${fileOf(key)} but not in ${source}`);
  return sentences;
}

/** Rows by a key field, for factDifferences. */
export function byKey<T extends object>(rows: readonly T[], key: keyof T & string): [string, Facts][] {
  return rows.map((row) => {
    const { [key]: id, ...facts } = row as Facts;
    return [String(id), facts];
  });
}

/** The facts each test holds against the packages, counted for the one line the suite prints. */
export function oracleSummary(): string {
  const count = (lists: Record<string, string[]>) => Object.values(lists).reduce((sum, list) => sum + list.length, 0);
  const parts = [
    `${oracleTasks.length} tasks`,
    `${oraclePipelines.length} pipeline types (${oraclePipelines.reduce((sum, pipeline) => sum + pipeline.subtasks.length, 0)} subtasks)`,
    `${oracleModalities.length} modalities`,
    `${oracleLibraries.length} libraries (${oracleLibraries.filter((library) => library.hasSnippets).length} with snippets)`,
    `${count(oracleLibraryTasks)} library→task pairs`,
    `${oracleApps.length} local apps on ${Object.keys(probeModels).length} probe models`,
    `${Object.keys(oracleFileTypes).length} GGUF file types`,
    `${Object.keys(oracleTensorTypes).length} tensor types`,
    `${oracleProviders.length} providers (${count(oracleProviderTasks)} provider→task pairs, ${count(oracleDirectBaseUrls)} direct base URLs)`,
  ];
  return `fact oracle: ${parts.join(", ")} held against ${tasksPackage}, ${inferencePackage}`;
}
