import { ExitCode } from "../errors.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { stdoutIsTerminal } from "./output.js";
import { catalogueRunners } from "./runners/catalogue.js";
import { snippetRunners } from "./runners/snippet.js";
import { datasetRunners } from "./runners/dataset.js";
import { helpAndVersionWords } from "./help-words.js";
import { commandLineSlip } from "./slips.js";
import { startCli } from "./start.js";
import type { CommandKey, Runner } from "./fast-argv.js";

// The whole CLI (dist/cli.cjs): the common command lines skip commander (fast-argv.ts); the rest, errors and
// help included, load it. Every fast command has its runner here (the type says so).
const runners: Record<CommandKey, Runner> = {
  ...snippetRunners,
  ...catalogueRunners,
  ...datasetRunners,
};

startCli(runners, async (given) => {
  const argv = helpAndVersionWords(given);
  const slip = commandLineSlip(argv);
  if (slip !== undefined) throw slip;
  const { buildProgram } = await import("./program.js");
  const program = buildProgram();
  if (argv.length === 0) {
    if (stdoutIsTerminal() && process.stdin.isTTY) {
      // A person is at this terminal: Ink's CI mode (from CI=true) would draw nothing until exit.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { runBrowser } = await loadTerminalViews();
      return runBrowser();
    }
    // outputHelp, not helpInformation: the help with its Examples, as --help prints it.
    program.outputHelp();
    return ExitCode.ok;
  }
  await program.parseAsync([...argv], { from: "user" });
  return ExitCode.ok;
});
