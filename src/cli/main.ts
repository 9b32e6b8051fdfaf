import { ExitCode } from "../errors.js";
import { parseFastArgv } from "./fast-argv.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { exitCodeFor, stdoutIsTerminal, writeStdout } from "./output.js";

// chalk (used by Ink) honours FORCE_COLOR; NO_COLOR must win over a terminal's colour support.
const { NO_COLOR, FORCE_COLOR, NODE_DISABLE_COLORS } = process.env;
if (NO_COLOR && FORCE_COLOR === undefined && NODE_DISABLE_COLORS === undefined) process.env.FORCE_COLOR = "0";

// Node's own warnings (such as conflicting colour variables seen by a dependency) are not ours to print:
// stderr carries the tool's diagnostics only, unless debugging.
process.removeAllListeners("warning");
process.on("warning", (warning) => {
  if (process.env.HUB_SNIPPETS_DEBUG === "1") console.error(warning);
});

async function main(argv: string[]): Promise<number> {
  // The common command lines skip commander (fast-argv.ts); the rest, errors and help included, load it.
  const fast = parseFastArgv(argv);
  if (fast !== undefined) {
    await fast.shape.run(fast.argument, fast.options);
    return ExitCode.ok;
  }
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
