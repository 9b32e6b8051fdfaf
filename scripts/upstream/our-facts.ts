/*
 * The same facts from our own tables, through the product's loaders (as the oracle tests read them): what a change
 * upstream is held against to say whether we already follow it.
 */
import { listApps } from "../../src/catalogue/apps.js";
import { listDatasetLibraries } from "../../src/catalogue/dataset-libraries.js";
import { listLibraries } from "../../src/catalogue/libraries.js";
import { listModalities, listPipelines } from "../../src/catalogue/pipelines.js";
import { listProviders } from "../../src/catalogue/providers.js";
import { listQuantTypes, listTensorTypes } from "../../src/catalogue/quant.js";
import { getTask, listTaskIds, taskModality } from "../../src/catalogue/tasks.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { inferenceKindOf } from "../../src/model/inference-kind.js";
import { recipeKeys } from "../../src/libraries/recipe-keys.js";
import { rootedPath, untaggedChatProbe } from "./package-facts.js";
import type { Task } from "../../src/catalogue/schema.js";
import { emptyTables, type FactTables, type Facts } from "./tables.js";

const ids = (entries: readonly { id: string }[]): string[] => entries.map((entry) => entry.id);

/** A task's facts, as the package's are read (test/catalogue/data.test.ts holds each task file to them). */
export function taskFactsOf(task: Task): Facts {
  return {
    label: task.label,
    modality: taskModality(task),
    canonicalId: task.canonicalId,
    libraries: task.libraries,
    datasets: ids(task.datasets),
    metrics: ids(task.metrics),
    models: ids(task.models),
    spaces: ids(task.spaces),
    widgetModels: task.widgetModels,
    youtubeId: task.youtubeId,
    demoInputs: task.demo.inputs.map((item) => item.type),
    demoOutputs: task.demo.outputs.map((item) => item.type),
  };
}

function taskFacts(into: FactTables): void {
  for (const id of listTaskIds()) {
    const task = getTask(id);
    if (task) into.task.set(id, taskFactsOf(task));
  }
  for (const { id, label, modality, subtasks, hideInModels, hideInDatasets } of listPipelines()) {
    into.pipeline.set(id, { label, modality, subtasks: subtasks ?? [], hideInModels, hideInDatasets });
  }
  for (const { id, label } of listModalities()) into.modality.set(id, { label });
}

function libraryFacts(into: FactTables): void {
  const recipes = new Set<string>(recipeKeys);
  // GGUF is a file format the Hub lists as a library: the registry keeps it, the package has no row for it.
  for (const { key, prettyLabel, repoName, repoUrl, docsUrl, filter, countDownloads, tasks } of listLibraries().filter((library) => !library.fileFormat)) {
    into.library.set(key, { prettyLabel, repoName, repoUrl, docsUrl, filter, countDownloads, hasSnippets: recipes.has(key), tasks });
  }
  for (const { key, prettyLabel, repoName, repoUrl, docsUrl } of listDatasetLibraries())
    into.datasetLibrary.set(key, { prettyLabel, repoName, repoUrl, docsUrl });
  for (const { key, label, docsUrl, mainTask, macOSOnly, kind } of listApps()) into.app.set(key, { label, docsUrl, mainTask, macOSOnly, kind });
}

function ggufFacts(into: FactTables): void {
  for (const { name, code } of listQuantTypes()) into.ggufFileType.set(name, { code });
  for (const { name, code } of listTensorTypes()) into.ggmlTensorType.set(name, { code });
  into.ggufSizeOrder.set("size order", { fileTypes: listQuantTypes().map((type) => type.name) });
}

function providerFacts(into: FactTables): void {
  for (const row of listProviders()) {
    const urls = [row.directBaseUrl, ...Object.values(row.routes ?? {}).flatMap((route) => (route.directBaseUrl ? [route.directBaseUrl] : []))];
    into.provider.set(row.id, { tasks: row.tasks, hubOrg: row.hubOrg, directBaseUrls: [...new Set(urls)].sort() });
    if (row.id === "hf-inference") continue;
    if (row.chatPath) into.providerRoute.set(`${row.id} conversational`, { path: rootedPath(row.chatPath) });
    for (const [task, route] of Object.entries(row.routes ?? {})) into.providerRoute.set(`${row.id} ${task}`, { path: rootedPath(route.path) });
  }
  const chat = inferenceKindOf(ModelRecordSchema.parse(untaggedChatProbe)) === "conversational";
  into.inferenceGating.set("chat", { requiresConversationalTag: !chat });
}

/** Every table we hold; the hardware and template tables stay empty (we hold none: our templates are our own). */
export function ourFacts(): FactTables {
  const into = emptyTables();
  taskFacts(into);
  libraryFacts(into);
  ggufFacts(into);
  providerFacts(into);
  return into;
}
