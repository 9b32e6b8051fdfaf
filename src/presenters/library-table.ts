import type { DatasetLibrary, Library } from "../catalogue/schema.js";
import type { Table } from "./document.js";

/** The library list as a table: key, label, whether the Hub filters by it, whether it has a loading recipe, tasks. */
export function libraryTable(libraries: readonly Library[], hasRecipe: (key: string) => boolean): Table {
  return {
    headers: ["KEY", "LABEL", "FILTER", "SNIPPETS", "TASKS"],
    rows: libraries.map((library) => [
      library.key,
      library.fileFormat ? `${library.prettyLabel} (file format)` : library.prettyLabel,
      library.filter ? "yes" : "no",
      hasRecipe(library.key) ? "yes" : "no",
      library.tasks.join(", "),
    ]),
  };
}

/** The dataset libraries as a table: key, label, whether `hub-snippets dataset` writes their code, docs. */
export function datasetLibraryTable(libraries: readonly DatasetLibrary[]): Table {
  return {
    headers: ["KEY", "LABEL", "SNIPPETS", "DOCS"],
    rows: libraries.map((library) => [library.key, library.prettyLabel, library.snippets ? "yes" : "no", library.docsUrl ?? library.repoUrl]),
    whole: [3],
  };
}
