import { ggufLoader as modelGgufLoader } from "../model/library-key.js";
import { recipeKeys } from "./recipe-key-list.js";

/*
 * Which libraries have a loading recipe, answered from the keys of registry.ts's rows (recipe-key-list.ts, generated
 * from them) rather than the registry: asking (the CLI's `also: --library` hint, `libraries list`) then does not load
 * 125 generators (docs/performance.md, "Measured choices"). registry.ts is typed
 * `Record<RecipeKey, LibraryGenerator>`, so the compiler refuses a row until the list is generated again.
 */
export { recipeKeys };

export type RecipeKey = (typeof recipeKeys)[number];

const keySet: ReadonlySet<string> = new Set(recipeKeys);

/** Whether the library of this key has a loading recipe. */
export function hasLibraryRecipe(key: string | undefined): key is RecipeKey {
  return key !== undefined && keySet.has(key);
}

/** The keys of every library with a loading recipe, sorted. */
export function libraryKeysWithRecipes(): string[] {
  return [...recipeKeys].sort();
}

/** The library that loads a repository of GGUF files in Python (see src/model/library-key.ts): one with a recipe. */
const ggufLoader = modelGgufLoader satisfies RecipeKey;

// Which library a record's loading code comes from is a fact of the record (src/model/library-key.ts), read once into its view.

/**
 * Client names that stand for a library key: `gguf`, the Hub's library name of a GGUF repository, asks for the code
 * of llama-cpp-python, which loads it (the CLI's --client reads these).
 */
export const libraryClientAliases: Readonly<Record<string, RecipeKey>> = { gguf: ggufLoader };
