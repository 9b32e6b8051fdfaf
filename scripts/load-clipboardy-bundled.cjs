// Bundled in place of src/terminal/load-clipboardy.ts for the CLI. bin/hub-snippets.cjs compiles the bundles
// with node:vm to use V8's code cache, and on Node 20 code restored from that cache cannot call import() itself;
// the bin passes its own import() in as __hubSnippetsImport (a parameter of the function a bundle is wrapped in).
/* global __hubSnippetsImport */
exports.loadClipboardy = () => __hubSnippetsImport("clipboardy");
