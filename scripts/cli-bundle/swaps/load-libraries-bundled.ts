// Bundled in place of src/snippets/load-library-snippets.ts: the library generators are a bundle of their own,
// dist/libraries.cjs, so that the snippet command's bundle does not carry their ~95 KB (its top level and cache
// cost every start), and only a snippet that writes loading code loads them, through the loader's
// __hubSnippetsLoad (synchronous: the loader compiles the bundle from its code cache and runs it).
import type * as LibrarySnippets from "../../../src/snippets/libraries/snippets.js";

let loaded: typeof LibrarySnippets | undefined;

export const loadLibrarySnippets = (): typeof LibrarySnippets => (loaded ??= __hubSnippetsLoad("libraries") as typeof LibrarySnippets);
