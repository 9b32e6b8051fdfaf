/*
 * The fact oracle: the published packages, pinned in package.json, read at test time. The catalogue must agree with
 * them on identifiers, codes, URLs, flags and sets (never on prose: every description, summary and snippet of the
 * product is its own). Each fact is read here once, as plain data; the tests compare data/ with it through
 * factDifferences, whose sentences name the fact that differs.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { INFERENCE_PROVIDERS, PROVIDERS, PROVIDERS_HUB_ORGS } from "@huggingface/inference";
import {
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_QUANT_ORDER,
  DATASET_LIBRARIES_UI_ELEMENTS,
  LIBRARY_TASK_MAPPING,
  LOCAL_APPS,
  MODALITIES,
  MODALITY_LABELS,
  MODEL_LIBRARIES_UI_ELEMENTS,
  PIPELINE_DATA,
  TASKS_DATA,
  type LocalApp,
  type ModelData,
  type PipelineData,
} from "@huggingface/tasks";

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
 * The package writes "none" as an empty string: `youtubeId: ""`, `widgetModels: [""]`, and `datasets: [{ id: "" }]`
 * for zero-shot-image-classification. The catalogue says none by leaving the field out or with an empty list.
 */
const present = (ids: readonly string[]): string[] => ids.filter((id) => id !== "");

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

const ids = (entries: readonly { id: string }[]): string[] => present(entries.map((entry) => entry.id));

/** Every task with a page (TASKS_DATA's defined entries): its ids, lists of ids, and demo item types. */
export const oracleTasks: OracleTask[] = Object.values(TASKS_DATA).flatMap((task) =>
  task
    ? [
        {
          id: task.id,
          label: task.label,
          modality: PIPELINE_DATA[task.id].modality,
          canonicalId: task.canonicalId,
          libraries: [...task.libraries],
          datasets: ids(task.datasets),
          metrics: ids(task.metrics),
          models: ids(task.models),
          spaces: ids(task.spaces),
          widgetModels: present(task.widgetModels),
          youtubeId: task.youtubeId || undefined,
          demoInputs: task.demo.inputs.map((item) => item.type),
          demoOutputs: task.demo.outputs.map((item) => item.type),
        },
      ]
    : [],
);

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
export const oraclePipelines: OraclePipeline[] = Object.entries<PipelineData>(PIPELINE_DATA).map(([id, pipeline]) => ({
  id,
  label: pipeline.name,
  modality: pipeline.modality,
  subtasks: (pipeline.subtasks ?? []).map((subtask) => ({
    id: subtask.type,
    label: subtask.name,
  })),
  hideInModels: pipeline.hideInModels || undefined,
  hideInDatasets: pipeline.hideInDatasets || undefined,
}));

/** The modality ids (MODALITIES) with their labels (MODALITY_LABELS, in its order). */
export const oracleModalityIds: string[] = [...MODALITIES];
export const oracleModalities: { id: string; label: string }[] = Object.entries(MODALITY_LABELS).map(([id, label]) => ({ id, label }));

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

/** Every model library, in the package's order (`filter` false where the package leaves it out). */
export const oracleLibraries: OracleLibrary[] = Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).map(([key, library]) => {
  const element: {
    prettyLabel: string;
    repoName: string;
    repoUrl: string;
    docsUrl?: string;
    filter?: boolean;
    countDownloads?: string;
    snippets?: unknown;
  } = library;
  return {
    key,
    prettyLabel: element.prettyLabel,
    repoName: element.repoName,
    repoUrl: element.repoUrl,
    docsUrl: element.docsUrl,
    filter: element.filter ?? false,
    countDownloads: element.countDownloads,
    hasSnippets: typeof element.snippets === "function",
  };
});

// ── Dataset libraries ──────────────────────────────────────────────────────────────────────────────────────────

export interface OracleDatasetLibrary {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string | undefined;
}

/** Every library of the Hub's "Use this dataset" menu, in the package's order. */
export const oracleDatasetLibraries: OracleDatasetLibrary[] = Object.entries(DATASET_LIBRARIES_UI_ELEMENTS).map(([key, library]) => {
  const element: {
    prettyLabel: string;
    repoName: string;
    repoUrl: string;
    docsUrl?: string;
  } = library;
  return {
    key,
    prettyLabel: element.prettyLabel,
    repoName: element.repoName,
    repoUrl: element.repoUrl,
    docsUrl: element.docsUrl,
  };
});

/** Library key → the tasks the package maps it to (LIBRARY_TASK_MAPPING); a library it does not name has none. */
export const oracleLibraryTasks: Record<string, string[]> = Object.fromEntries(
  Object.entries(LIBRARY_TASK_MAPPING).map(([key, tasks]) => [key, [...(tasks ?? [])]]),
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
export const oracleApps: OracleApp[] = Object.entries<LocalApp>(LOCAL_APPS).map(([key, app]) => ({
  key,
  label: app.prettyLabel,
  docsUrl: app.docsUrl,
  mainTask: app.mainTask,
  macOSOnly: app.macOSOnly ?? false,
  kind: "deeplink" in app ? "deeplink" : "snippet",
}));

/**
 * Small model records (a GGUF, an MLX, a transformers LLM, a diffusers and an ONNX model) on which the apps are
 * probed: ours, in test/fixtures/apps/probe-models.json, in the shape of the Hub's model API.
 */
export const probeModels = JSON.parse(readFileSync(new URL("../fixtures/apps/probe-models.json", import.meta.url), "utf8")) as Record<string, ModelData>;

/** The keys of the apps the package shows on a model's page (its `displayOnModelPage`), in the package's order. */
export function oracleAppsFor(model: ModelData): string[] {
  return Object.entries<LocalApp>(LOCAL_APPS)
    .filter(([, app]) => app.displayOnModelPage(model))
    .map(([key]) => key);
}

// ── GGUF ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** A TypeScript numeric enum's names → codes (it also maps codes back to names, which are left out). */
function enumCodes(values: Record<string, string | number>): Record<string, number> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, number] => typeof entry[1] === "number"));
}

export const oracleFileTypes = enumCodes(GGMLFileQuantizationType);
export const oracleTensorTypes = enumCodes(GGMLQuantizationType);
/** The file types' names, largest first (GGUF_QUANT_ORDER). */
export const oracleSizeOrder: string[] = GGUF_QUANT_ORDER.map((code) => GGMLFileQuantizationType[code]);

// ── Inference providers ────────────────────────────────────────────────────────────────────────────────────────

export const oracleProviders: string[] = [...INFERENCE_PROVIDERS];
export const oracleHubOrgs: Record<string, string> = { ...PROVIDERS_HUB_ORGS };

/** Provider → the tasks the SDK has a helper for, sorted. */
export const oracleProviderTasks: Record<string, string[]> = Object.fromEntries(
  Object.entries(PROVIDERS).map(([provider, helpers]) => [provider, Object.keys(helpers).sort()]),
);

/**
 * Provider → the base URLs of direct calls (with the provider's own key), one per distinct URL its task helpers
 * call: fal-ai has two (its queue and its synchronous API); hf-inference's is the router's.
 */
export const oracleDirectBaseUrls: Record<string, string[]> = Object.fromEntries(
  Object.entries(PROVIDERS).map(([provider, helpers]) => [
    provider,
    [...new Set(Object.values(helpers).map((helper) => helper.makeBaseUrl({ authMethod: "provider-key", model: "" })))].sort(),
  ]),
);

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
