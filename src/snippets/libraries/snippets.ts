import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../clients.js";
import { libraryGenerators } from "./registry.js";

/** Whether the library of this key has a loading recipe. */
export function hasLibraryRecipe(key: string | undefined): key is string {
  return key !== undefined && Object.hasOwn(libraryGenerators, key);
}

/** The keys of every library with a loading recipe. */
export function libraryKeysWithRecipes(): string[] {
  return Object.keys(libraryGenerators).sort();
}

/**
 * The code that loads a model in its own library (the record's `library_name`), one snippet per way the
 * library offers; empty when the record names no library or the library has no recipe.
 */
export function getLibrarySnippets(model: ModelRecord): Snippet[] {
  const key = model.library_name;
  const generate = hasLibraryRecipe(key) ? libraryGenerators[key] : undefined;
  if (!key || !generate) return [];
  return generate(model).map(({ language, content }) => ({ language, client: key, content }));
}
