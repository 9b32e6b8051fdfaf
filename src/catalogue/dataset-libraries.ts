import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { DatasetLibrary } from "./schema.js";

let datasetLibraries: readonly DatasetLibrary[] | undefined;

/** The libraries that read Hub datasets, in the registry's order (data/dataset-libraries.json). */
export function listDatasetLibraries(filter: { search?: string } = {}): DatasetLibrary[] {
  datasetLibraries ??= readPackagedJson<DatasetLibrary[]>(`${dataDir}dataset-libraries.json`);
  const search = filter.search?.toLowerCase();
  return datasetLibraries.filter(
    (library) => !search || [library.key, library.prettyLabel, library.repoName].some((field) => field.toLowerCase().includes(search)),
  );
}

/** One dataset library, or undefined. */
export function getDatasetLibrary(key: string): DatasetLibrary | undefined {
  return listDatasetLibraries().find((library) => library.key === key);
}
