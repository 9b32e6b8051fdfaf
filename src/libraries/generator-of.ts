import { libraryGenerators } from "./registry.js";
import type { RecipeKey } from "./recipe-keys.js";
import type { LibraryGenerator } from "./types.js";

/**
 * The loading-code generator of a library that has a recipe. The CLI build swaps this module for
 * scripts/cli-bundle/swaps/library-generator-bundled.ts, which loads only the bundle of the module that holds this
 * generator (dist/libraries-<module>.cjs) rather than all 125; the library API and the tests read the registry.
 */
export function libraryGenerator(key: RecipeKey): LibraryGenerator {
  return libraryGenerators[key];
}
