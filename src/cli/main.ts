import { ExitCode } from "../errors.js";
import { exitCodeFor, stdoutIsTerminal, writeStdout } from "./output.js";
import { buildProgram } from "./program.js";

// chalk (used by Ink) honours FORCE_COLOR; NO_COLOR must win over a terminal's colour support.
const { NO_COLOR, FORCE_COLOR, NODE_DISABLE_COLORS } = process.env;
if (NO_COLOR && FORCE_COLOR === undefined && NODE_DISABLE_COLORS === undefined) process.env.FORCE_COLOR = "0";

// Node's own warnings (such as conflicting colour variables seen by a dependency) are not ours to print:
// stderr carries the tool's diagnostics only, unless debugging.
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (process.env.HUB_SNIPPETS_DEBUG === "1") console.error(warning);
});

/** The catalogue views draw with Ink on a terminal: start loading it while commander parses the arguments. */
function prefetchTerminalRenderer(argv: string[]): void {
  const catalogueView = argv[0] === "task" || argv[0] === "tasks";
  const plainOutput = argv.some((arg) => arg === "--json" || arg === "--help" || arg === "-h");
  if (catalogueView && !plainOutput && stdoutIsTerminal()) import("../ui/render-once.js").catch(() => undefined);
}

async function main(argv: string[]): Promise<number> {
  prefetchTerminalRenderer(argv);
  const program = buildProgram();
  if (argv.length === 0) {
    if (stdoutIsTerminal() && process.stdin.isTTY) {
      // A person is at this terminal: Ink's CI mode (from CI=true) would draw nothing until exit.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { runBrowser } = await import("../ui/browser/run.js");
      return runBrowser();
    }
    writeStdout(program.helpInformation());
    return ExitCode.ok;
  }
  await program.parseAsync(argv, { from: "user" });
  return ExitCode.ok;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.exitCode = exitCodeFor(error);
  },
);
