import { ExitCode } from "../errors.js";
import { parseFastArgv, type CommandKey, type Runner } from "./fast-argv.js";
import { exitCodeFor } from "./output.js";

/**
 * What a command line the fast path does not run becomes: an exit code, or `"handed over"` when another bundle
 * (the whole CLI, dist/cli.cjs) now runs the line and sets the exit code itself.
 */
export type OtherLines = (argv: string[]) => Promise<number | "handed over">;

/**
 * Starts a CLI bundle: the common command lines run straight through `runners` (fast-argv.ts), the rest through
 * `otherLines`. Every bundle the loader may start (dist/cli.cjs, dist/snippet.cjs, dist/catalogue.cjs) is this.
 */
export function startCli(runners: Partial<Record<CommandKey, Runner>>, otherLines: OtherLines): void {
  // chalk (used by Ink) honours FORCE_COLOR; NO_COLOR must win over a terminal's colour support.
  const { NO_COLOR, FORCE_COLOR, NODE_DISABLE_COLORS } = process.env;
  if (NO_COLOR && FORCE_COLOR === undefined && NODE_DISABLE_COLORS === undefined) process.env.FORCE_COLOR = "0";

  // Node's own warnings (such as conflicting colour variables seen by a dependency) are not ours to print:
  // stderr carries the tool's diagnostics only, unless debugging.
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    if (process.env.HUB_SNIPPETS_DEBUG === "1") console.error(warning);
  });

  const run = async (argv: string[]): Promise<number | "handed over"> => {
    const fast = parseFastArgv(argv);
    const runner = fast === undefined ? undefined : runners[fast.command];
    if (fast === undefined || runner === undefined) return otherLines(argv);
    await runner(fast.argument, fast.options);
    return ExitCode.ok;
  };
  run(process.argv.slice(2)).then(
    (code) => {
      if (code !== "handed over") process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = exitCodeFor(error);
    },
  );
}
