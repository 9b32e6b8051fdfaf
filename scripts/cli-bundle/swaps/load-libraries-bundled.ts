// Bundled in place of src/cli/load-library-snippets.ts: the library generators are a bundle of their own,
// dist/libraries.cjs, so that the snippet command's bundle does not carry their ~95 KB (its top level and cache
// cost every start), and only `snippet --library` loads them, through the loader's __hubSnippetsLoad.
import type * as LibrarySnippets from "../../../src/snippets/libraries/snippets.js";

export const loadLibrarySnippets = async (): Promise<typeof LibrarySnippets> => __hubSnippetsLoad("libraries") as typeof LibrarySnippets;
