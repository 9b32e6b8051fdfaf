// Bundled in place of src/cli/load-terminal-views.ts for the CLI: the Ink views are a bundle of their own,
// dist/ui.cjs, which bin/hub-snippets.cjs compiles from its code cache. The bin passes its bundle loader in as
// __hubSnippetsLoad (a parameter of the function each bundle is wrapped in).
/* global __hubSnippetsLoad */
exports.loadTerminalViews = async () => __hubSnippetsLoad("ui");
