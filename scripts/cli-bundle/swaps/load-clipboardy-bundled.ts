// Bundled in place of src/terminal/load-clipboardy.ts. The loader compiles the bundles with node:vm to use V8's
// code cache, and code restored from that cache cannot call import() itself on Node 20 (vm scripts have no
// module loader to import with); the loader passes its own import() in as __hubSnippetsImport.
export const loadClipboardy = (): Promise<typeof import("clipboardy")> => __hubSnippetsImport("clipboardy") as Promise<typeof import("clipboardy")>;
