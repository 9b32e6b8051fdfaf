import type { ModelRecord } from "../../model/record.js";
import { withAccessNote } from "../access-note.js";
import type { Snippet } from "../clients.js";
import { hasLibraryRecipe, libraryKeyOf } from "./recipe-keys.js";
import { libraryGenerators } from "./registry.js";

export { hasLibraryRecipe, libraryKeyOf, libraryKeysWithRecipes } from "./recipe-keys.js";

/**
 * The code that loads a model in its own library (see `libraryKeyOf`), one snippet per way the library offers;
 * empty when the record names no library or the library has no recipe. Code that downloads a gated or private
 * model's files starts with a comment line that says what access it needs.
 */
export function getLibrarySnippets(model: ModelRecord): Snippet[] {
  const key = libraryKeyOf(model);
  if (!hasLibraryRecipe(key)) return [];
  return libraryGenerators[key](model).map(({ language, content }) => ({ language, client: key, content: withAccessNote(model, language, content) }));
}
