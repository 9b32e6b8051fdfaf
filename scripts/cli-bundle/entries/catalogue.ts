// dist/catalogue.cjs: the catalogue's list and show commands (`tasks list`, `task show`, `libraries list`, …). The
// loader starts this bundle instead of the whole CLI for them; any line the fast path does not run is handed to
// dist/cli.cjs.
import { catalogueRunners } from "../../../src/cli/runners/catalogue.js";
import { startCli } from "../../../src/cli/start.js";

startCli(catalogueRunners, async () => {
  __hubSnippetsLoad("cli");
  return "handed over";
});
