import { getLibrary, listLibraryKeys } from "../../catalogue/libraries.js";
import { libraryDocument } from "../../presenters/library-document.js";
import { libraryJson } from "../../presenters/recipe-check.js";
import { hasLibraryRecipe } from "../../libraries/recipe-keys.js";
import { presentDocument, writeJson } from "../output.js";
import { unknownIdError } from "../../catalogue/nearest.js";

export async function libraryShow(key: string, options: { json?: boolean }): Promise<void> {
  const library = getLibrary(key);
  if (!library) throw unknownIdError("library", key, listLibraryKeys(), "see `hub-snippets libraries list`");
  const hasSnippets = hasLibraryRecipe(library.key);
  if (options.json) writeJson(libraryJson(library, hasSnippets));
  else await presentDocument(libraryDocument(library, hasSnippets));
}
