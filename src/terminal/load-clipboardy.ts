/**
 * Loads clipboardy, which stays outside the CLI bundle (it runs helper binaries shipped beside its own files).
 * The CLI build replaces this module with scripts/cli-bundle/swaps/load-clipboardy-bundled.ts (imports through the loader).
 */
export const loadClipboardy = () => import("clipboardy");
