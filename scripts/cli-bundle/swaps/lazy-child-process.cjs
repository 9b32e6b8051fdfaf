// Bundled in place of node:child_process for the CLI: commander requires it at load time for external
// subcommands, which hub-snippets never runs. Loading it (with net, dgram and their streams) cost a few ms of
// every start-up, so the real module loads only if something actually uses it.
let real;
const load = () => (real ??= require("child_process"));
module.exports = new Proxy({}, { get: (_, name) => load()[name], has: (_, name) => name in load() });
