import { ExitCode } from "../errors.js";
import { exitCodeFor, stdoutIsTerminal, writeStdout } from "./output.js";
import { buildProgram } from "./program.js";

// chalk (used by Ink) honours FORCE_COLOR; NO_COLOR must win over a terminal's colour support.
if (process.env.NO_COLOR !== undefined && process.env.NO_COLOR !== "") process.env.FORCE_COLOR = "0";

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  if (argv.length === 0) {
    if (stdoutIsTerminal() && process.stdin.isTTY) {
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
