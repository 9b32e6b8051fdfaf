import { listLibraries, type LibraryFilter } from "../../catalogue/libraries.js";
import { ExitCode, UserError } from "../../errors.js";
import { libraryTable } from "../../presenters/library-table.js";
import { hasLibraryRecipe } from "../../snippets/libraries/recipe-keys.js";
import { presentTable, writeJson } from "../output.js";

export interface LibrariesListOptions extends LibraryFilter {
  json?: boolean;
}

export async function librariesList(options: LibrariesListOptions): Promise<void> {
  const libraries = listLibraries(options);
  if (options.json) writeJson(libraries.map((library) => ({ ...library, hasSnippets: hasLibraryRecipe(library.key) })));
  else if (libraries.length > 0) await presentTable(libraryTable(libraries, hasLibraryRecipe));
  if (libraries.length === 0) {
    throw new UserError("no library matches these filters; try `hub-snippets libraries list` to see them all", ExitCode.noMatch);
  }
}
