import { dataDir } from "../paths.js";
import { readPackagedJson } from "./read-json.js";
import type { Library } from "./schema.js";

let libraries: readonly Library[] | undefined;

function allLibraries(): readonly Library[] {
  libraries ??= readPackagedJson<Library[]>(`${dataDir}libraries.json`);
  return libraries;
}

/** Keys of every library of the registry (a model's `library_name`), sorted. */
export function listLibraryKeys(): string[] {
  return allLibraries().map((library) => library.key);
}

/** One library, or undefined when the registry has none with that key. */
export function getLibrary(key: string): Library | undefined {
  return allLibraries().find((library) => library.key === key);
}

export interface LibraryFilter {
  /** Keep only the libraries the Hub offers as a filter of its model list. */
  filterOnly?: boolean;
  /** Keep libraries whose key, label or repository name contains this text (case-insensitive). */
  search?: string;
  /** Keep libraries that serve this task. */
  task?: string;
}

/** Every library that passes the filter, sorted by key. */
export function listLibraries(filter: LibraryFilter = {}): Library[] {
  const search = filter.search?.toLowerCase();
  return allLibraries().filter(
    (library) =>
      (!filter.filterOnly || library.filter) &&
      (!filter.task || library.tasks.includes(filter.task)) &&
      (!search || [library.key, library.prettyLabel, library.repoName].some((field) => field.toLowerCase().includes(search))),
  );
}
