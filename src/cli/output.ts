import { fstatSync, statSync, writeSync } from "node:fs";
import { ExitCode, UserError } from "../errors.js";
import type { Document, Table } from "../presenters/document.js";
import { oneLineText } from "../values/visible-text.js";
import { jsonKeptControls, unicodeEscape } from "../values/terminal-controls.js";
import { stdioStream } from "../terminal/stdio.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { plainDocument, plainTable } from "./plain/print.js";

let stdoutTerminal: boolean | undefined;

/** The null device's device number, or undefined where there is no /dev/null (Windows). */
function nullDevice(): number | bigint | undefined {
  try {
    return statSync("/dev/null").rdev;
  } catch {
    return undefined;
  }
}

/**
 * True when stdout is a terminal a person is looking at (Ink and colours are allowed there). Only a character
 * device can be one: files and pipes are told apart without loading node:tty (and node:net with it). /dev/null
 * is a character device too, and the commonest one after a terminal (`> /dev/null`, hyperfine, cron): it is
 * recognised by its device number, because asking process.stdout.isTTY builds process.stdout, and with it
 * Node's whole streams stack (docs/performance.md, "Measured choices").
 */
export function stdoutIsTerminal(): boolean {
  if (stdoutTerminal === undefined) {
    let characterDevice: number | bigint | undefined;
    try {
      const stat = fstatSync(1);
      if (stat.isCharacterDevice()) characterDevice = stat.rdev;
    } catch {
      // A closed stdout is no terminal.
    }
    stdoutTerminal = characterDevice !== undefined && characterDevice !== nullDevice() && stdioStream(1).isTTY === true;
  }
  return stdoutTerminal;
}

/**
 * Writes to stdout. Piped or redirected output goes straight to the file descriptor, synchronously: creating
 * process.stdout costs a few ms of a run that writes once. A reader that has gone away (`| head`) ends the run
 * quietly, as it ends any Unix filter: it has all it wanted.
 */
export function writeStdout(text: string | Uint8Array): void {
  if (stdoutIsTerminal()) {
    stdioStream(1).write(text);
    return;
  }
  try {
    writeAll(1, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EPIPE") process.exit(ExitCode.ok);
    throw error;
  }
}

/**
 * Writes all of `text` to stdout or stderr straight through the file descriptor. A non-blocking pipe that is full
 * (EAGAIN) gets the rest through Node's stream, which waits for the reader; any other error is thrown.
 */
function writeAll(fd: 1 | 2, text: string | Uint8Array): void {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  let written = 0;
  try {
    while (written < bytes.length) written += writeSync(fd, bytes, written);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
    stdioStream(fd).write(bytes.subarray(written));
  }
}

/**
 * JSON.stringify's text with DEL, C1 controls, U+2028/U+2029 and the BOM escaped too (JSON escapes only C0): a
 * value from a record never reaches the terminal that shows the output as a control character. Those characters
 * can only stand inside strings, so replacing them anywhere keeps the document the same.
 */
export function visibleJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(jsonKeptControls, unicodeEscape);
}

export function writeJson(value: unknown): void {
  writeStdout(`${visibleJson(value)}\n`);
}

/** What writeJson writes for an array, from its items already written by `JSON.stringify(item, null, 2)`. */
export function writeJsonArray(items: readonly string[]): void {
  if (items.length === 0) return writeJson([]);
  writeStdout(jsonArrayText(items));
}

/** An array of items written by `JSON.stringify(item, null, 2)`, as `JSON.stringify(array, null, 2)` writes it. */
function jsonArrayText(items: readonly string[]): string {
  return `[\n${items.map((item) => `  ${item.replaceAll("\n", "\n  ")}`).join(",\n")}\n]\n`;
}

/**
 * What writeJsonArray writes, from files that each hold one item as `JSON.stringify(item, null, 2)` writes it (a
 * trailing line break allowed), byte for byte. The bytes are handled as Latin-1 text, one character per byte, and
 * never decoded: a line break is the same byte in UTF-8 and in Latin-1, and a file with one non-Latin-1 letter
 * would otherwise make the whole output a two-byte string, which then costs more to encode than the rest of the
 * command (`tasks list --json` on Node 24).
 */
export function writeJsonFileArray(files: readonly Uint8Array[]): void {
  if (files.length === 0) return writeJson([]);
  // An item ends in `}` or `]`, so trimming its end never reaches the bytes of a multi-byte character.
  const items = files.map((file) => Buffer.from(file.buffer, file.byteOffset, file.byteLength).toString("latin1").trimEnd());
  writeStdout(Buffer.from(jsonArrayText(items), "latin1"));
}

/** Text on one printable line: control characters (newlines in a file name, bytes of a binary file) escaped. */
function printable(text: string): string {
  return oneLineText(text);
}

/**
 * One diagnostic line on stderr, prefixed with the program name, written straight to the file descriptor:
 * process.stderr would be built for one line, and on a pipe (how scripts and the benchmark read stderr) that
 * loads node:net and Node's streams. A stderr that is closed or full loses the line rather than the run.
 */
export function warn(message: string): void {
  try {
    writeAll(2, `hub-snippets: ${printable(message)}\n`);
  } catch {
    // A closed stderr loses the line rather than the run.
  }
}

// Ink and React are loaded only when a terminal will show them: they cost a lot at start-up.
export async function presentTable(table: Table): Promise<void> {
  if (!stdoutIsTerminal()) return writeStdout(plainTable(table));
  const { showTable } = await loadTerminalViews();
  showTable(table);
}

export async function presentDocument(document: Document): Promise<void> {
  if (!stdoutIsTerminal()) return writeStdout(plainDocument(document));
  const { showDocument } = await loadTerminalViews();
  showDocument(document);
}

/**
 * A CommanderError, told by its code ("commander.…") and exit code rather than by instanceof: importing
 * commander's class here would load commander on every run, and the argv fast path (fast-argv.ts) runs without
 * it. (Not by name either: the minified bundle renames commander's classes.)
 */
function isCommanderError(error: unknown): error is Error & { code: string } {
  if (!(error instanceof Error)) return false;
  const { code, exitCode } = error as { code?: unknown; exitCode?: unknown };
  return typeof code === "string" && code.startsWith("commander.") && typeof exitCode === "number";
}

/** Turns any error into the contract's exit code; only bugs show a stack, and only when debugging. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof UserError) {
    warn(error.message);
    if (error.cause !== undefined && process.env.HUB_SNIPPETS_DEBUG === "1") console.error(error.cause);
    return error.exitCode;
  }
  if (isCommanderError(error)) {
    // Commander has already printed its message (or the help).
    const askedFor = error.code === "commander.helpDisplayed" || error.code === "commander.version";
    return askedFor ? ExitCode.ok : ExitCode.usage;
  }
  if (process.env.HUB_SNIPPETS_DEBUG === "1") {
    console.error(error);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    warn(`internal error: ${message} (set HUB_SNIPPETS_DEBUG=1 for details)`);
  }
  return ExitCode.internal;
}
