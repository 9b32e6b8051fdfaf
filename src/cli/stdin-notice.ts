import { warn } from "./output.js";

/**
 * Before reading a record from stdin (`-`) that is a terminal: a line that says what the command waits for and how to
 * end it, instead of waiting in silence.
 */
export function sayWhenReadingTerminal(kind: "model" | "dataset"): void {
  // node:tty only here: importing it at the top loads node:net and the stream modules (~3 ms of every start, issue 64).
  // Not process.stdin: making it puts a terminal's descriptor in non-blocking mode, and the record's read then fails (EAGAIN).
  if (!process.getBuiltinModule("node:tty").isatty(0)) return;
  const command = kind === "model" ? "snippet" : "dataset";
  warn(
    `reading a ${kind} record from stdin: paste its JSON, then press Ctrl-D on an empty line (Ctrl-C to stop); or pipe it in: curl … | hub-snippets ${command} -`,
  );
}
