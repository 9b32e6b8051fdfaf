import { ExitCode } from "../errors.js";
import { parseFastArgv, type CommandKey, type Runner } from "./fast-argv.js";
import { stdioStreamBuilt } from "../terminal/stdio.js";
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

  // Whether the fast path runs the line: only then does the run know that its output went straight to the descriptors.
  let fastLine = false;
  const run = async (argv: string[]): Promise<number | "handed over"> => {
    const fast = parseFastArgv(argv);
    const runner = fast === undefined ? undefined : runners[fast.command];
    if (fast === undefined || runner === undefined) return otherLines(argv);
    fastLine = true;
    await runner(fast.argument, fast.options);
    return ExitCode.ok;
  };
  const end = (code: number | "handed over") => {
    if (code === "handed over") return;
    if (fastLine) endFastLine(code);
    else process.exitCode = code;
  };
  run(process.argv.slice(2)).then(end, (error: unknown) => end(exitCodeFor(error)));
}

/**
 * Ends a line the fast path ran. Its output went straight to the file descriptors (output.ts), so what is left is
 * only what V8 and Node schedule for later, such as an idle-time scavenge of the young heap (0.8 ms of the piped
 * snippet on Node 20, issue 64): the process ends at once, its exit handlers run. Where a stream was built (a
 * terminal, a full non-blocking pipe, --copy's OSC 52) or while debugging, Node's own exit flushes it first.
 */
function endFastLine(code: number): void {
  if (stdioStreamBuilt() || process.env.HUB_SNIPPETS_DEBUG === "1") process.exitCode = code;
  else process.exit(code);
}
