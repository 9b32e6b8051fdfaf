import * as librarySnippets from "./libraries/snippets.js";

/**
 * The 125 library generators, reached through this function so that the CLI loads them only when a snippet needs
 * them: the CLI build replaces this module with scripts/cli-bundle/swaps/load-libraries-bundled.ts, which loads
 * dist/libraries.cjs (synchronously) on first call. The library API (dist/index.js) imports them as usual.
 */
export const loadLibrarySnippets = (): typeof librarySnippets => librarySnippets;
