import { getLibrary, listLibraryKeys } from "../../catalogue/libraries.js";
import { nearestIds } from "../../catalogue/nearest.js";
import { ExitCode, UserError } from "../../errors.js";
import { libraryDocument } from "../../presenters/library-document.js";
import { hasLibraryRecipe } from "../../snippets/libraries/snippets.js";
import { presentDocument, writeJson } from "../output.js";

export async function libraryShow(key: string, options: { json?: boolean }): Promise<void> {
  const library = getLibrary(key);
  if (!library) {
    const suggestions = nearestIds(key, listLibraryKeys());
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(", ")}?` : "; see `hub-snippets libraries list`";
    throw new UserError(`unknown library '${key}'${hint}`, ExitCode.noMatch);
  }
  const hasSnippets = hasLibraryRecipe(library.key);
  if (options.json) writeJson({ ...library, hasSnippets });
  else await presentDocument(libraryDocument(library, hasSnippets));
}
