import { listLibraries, type LibraryFilter } from "../../catalogue/libraries.js";
import { ExitCode, UserError } from "../../errors.js";
import { datasetLibraryTable, libraryTable } from "../../presenters/library-table.js";
import { libraryJson } from "../../presenters/recipe-check.js";
import { hasLibraryRecipe } from "../../libraries/recipe-keys.js";
import { presentTable, writeJson } from "../output.js";

export interface LibrariesListOptions extends LibraryFilter {
  json?: boolean;
  /** The libraries that read datasets instead of the model libraries. */
  datasets?: boolean;
}

async function datasetLibrariesList(options: LibrariesListOptions): Promise<void> {
  if (options.task !== undefined || options.filterOnly) {
    throw new UserError(
      `--datasets lists the libraries that read datasets, which have no ${options.task !== undefined ? "tasks (--task)" : "Hub filter (--filter-only)"}`,
    );
  }
  const { listDatasetLibraries } = await import("../../catalogue/dataset-libraries.js");
  const libraries = listDatasetLibraries(options);
  if (options.json) writeJson(libraries);
  else if (libraries.length > 0) await presentTable(datasetLibraryTable(libraries));
  if (libraries.length === 0) {
    throw new UserError("no dataset library matches this search; try `hub-snippets libraries list --datasets` to see them all", ExitCode.noMatch);
  }
}

export async function librariesList(options: LibrariesListOptions): Promise<void> {
  if (options.datasets) return datasetLibrariesList(options);
  const libraries = listLibraries(options);
  if (options.json) writeJson(libraries.map((library) => libraryJson(library, hasLibraryRecipe(library.key))));
  else if (libraries.length > 0) await presentTable(libraryTable(libraries, hasLibraryRecipe));
  if (libraries.length === 0) {
    throw new UserError("no library matches these filters; try `hub-snippets libraries list` to see them all", ExitCode.noMatch);
  }
}
