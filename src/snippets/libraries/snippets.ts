import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../clients.js";
import { hasLibraryRecipe } from "./recipe-keys.js";
import { libraryGenerators } from "./registry.js";

export { hasLibraryRecipe, libraryKeysWithRecipes } from "./recipe-keys.js";

/**
 * The code that loads a model in its own library (the record's `library_name`), one snippet per way the
 * library offers; empty when the record names no library or the library has no recipe.
 */
export function getLibrarySnippets(model: ModelRecord): Snippet[] {
  const key = model.library_name;
  if (!hasLibraryRecipe(key)) return [];
  return libraryGenerators[key](model).map(({ language, content }) => ({ language, client: key, content }));
}
