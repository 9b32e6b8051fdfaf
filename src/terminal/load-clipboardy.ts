/**
 * Loads clipboardy, which stays outside the CLI bundle (it runs helper binaries shipped beside its own files).
 * The CLI build replaces this module with scripts/load-clipboardy-bundled.cjs, which imports through the bin.
 */
export const loadClipboardy = () => import("clipboardy");
