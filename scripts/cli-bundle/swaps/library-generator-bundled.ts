// Bundled in place of src/libraries/generator-of.ts: each module of library generators is a bundle of its
// own (dist/libraries-<module>.cjs, built by scripts/cli-bundle/library-modules.mjs), so a snippet that writes one
// library's loading code loads that module alone, through the loader's __hubSnippetsLoad (synchronous, from its
// code cache), rather than all 125 generators. The table of which module holds which generator is written in at
// build time.
import { libraryModules } from "hub-snippets:library-modules";
import type { RecipeKey } from "../../../src/libraries/recipe-keys.js";
import type { LibraryGenerator } from "../../../src/libraries/types.js";

export function libraryGenerator(key: RecipeKey): LibraryGenerator {
  // The build fails when a library with a recipe has no entry (library-modules.mjs), so every key has one.
  const [module, name] = libraryModules()[key]!;
  return (__hubSnippetsLoad(`libraries-${module}`) as Record<string, LibraryGenerator>)[name] as LibraryGenerator;
}
