import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { Modality, Pipeline } from "./schema.js";

let pipelines: readonly Pipeline[] | undefined;
let modalities: readonly Modality[] | undefined;

/** Every pipeline type of the Hub's taxonomy, with its label, modality and subtasks. */
export function listPipelines(): readonly Pipeline[] {
  pipelines ??= readPackagedJson<Pipeline[]>(`${dataDir}pipelines.json`);
  return pipelines;
}

export function getPipeline(id: string): Pipeline | undefined {
  return listPipelines().find((pipeline) => pipeline.id === id);
}

/** The modalities (nlp, cv, audio, …) that group pipelines and tasks. */
export function listModalities(): readonly Modality[] {
  modalities ??= readPackagedJson<Modality[]>(`${dataDir}modalities.json`);
  return modalities;
}

export function getModality(id: string): Modality | undefined {
  return listModalities().find((modality) => modality.id === id);
}
