// dist/snippet.cjs: `snippet …` command lines. The loader starts this bundle instead of the whole CLI when the first
// word is `snippet`; any line the fast path does not run (help, errors, unusual spellings) is handed to dist/cli.cjs.
import { snippetRunners } from "../../../src/cli/runners/snippet.js";
import { startCli } from "../../../src/cli/start.js";

startCli(snippetRunners, async () => {
  __hubSnippetsLoad("cli");
  return "handed over";
});
