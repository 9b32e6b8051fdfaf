/**
 * Loads the 125 library generators, which only `snippet --library` runs. The CLI build replaces this module with
 * scripts/cli-bundle/swaps/load-libraries-bundled.ts (loads dist/libraries.cjs).
 */
export const loadLibrarySnippets = () => import("../snippets/libraries/snippets.js");
