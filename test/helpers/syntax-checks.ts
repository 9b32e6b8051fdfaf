import { spawnSync } from "node:child_process";

/*
 * Batch syntax checks: one process per language for a whole list of files, each bounded by a timeout.
 * Every function returns the problems it found (empty when all files pass), one entry per file where it can tell.
 */

const BATCH_TIMEOUT_MS = 60_000;

function processProblem(what: string, result: ReturnType<typeof spawnSync>): string | undefined {
  if (result.error) return `${what} could not run: ${result.error.message}`;
  if (result.signal) return `${what} was killed by ${result.signal} (timeout ${BATCH_TIMEOUT_MS} ms?)`;
  return undefined;
}

const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");

/** Compiles every file as an ES module with V8 (vm.SourceTextModule), all in one Node process. */
export function jsModuleErrors(files: string[]): string[] {
  if (files.length === 0) return [];
  const script = [
    'const { readFileSync } = require("node:fs");',
    'const { SourceTextModule } = require("node:vm");',
    "for (const file of process.argv.slice(1)) {",
    "  try { new SourceTextModule(readFileSync(file, 'utf8'), { identifier: file }); }",
    "  catch (error) { console.log(file + ': ' + String(error.message).split('\\n')[0]); }",
    "}",
  ].join("\n");
  const result = spawnSync(process.execPath, ["--experimental-vm-modules", "--no-warnings", "-e", script, ...files], {
    encoding: "utf8",
    timeout: BATCH_TIMEOUT_MS,
  });
  const problem = processProblem("node (module check)", result);
  return problem ? [problem] : lines(`${result.stdout}${result.stderr}`);
}

/** ast.parse over every file in one python3 process; reports each file that fails. */
export function pythonAstErrors(files: string[]): string[] {
  if (files.length === 0) return [];
  const script = [
    "import ast, sys",
    "for path in sys.argv[1:]:",
    "    try:",
    "        ast.parse(open(path, encoding='utf-8').read(), path)",
    "    except Exception as error:",
    "        print(f'{path}: {type(error).__name__}: {error}'.replace('\\n', ' '))",
  ].join("\n");
  const result = spawnSync("python3", ["-c", script, ...files], { encoding: "utf8", timeout: BATCH_TIMEOUT_MS });
  const problem = processProblem("python3 (ast)", result);
  if (problem) return [problem];
  return [...lines(result.stdout), ...(result.status === 0 ? [] : [`python3 exited ${result.status}: ${result.stderr.slice(0, 2000)}`])];
}

/** `bash -n` on every file, from one bash process. */
export function bashSyntaxErrors(files: string[]): string[] {
  if (files.length === 0) return [];
  const result = spawnSync(
    "bash",
    [
      "-c",
      'for f; do if ! out=$(bash -n "$f" 2>&1); then printf "%s: %s\\n" "$f" "$(printf %s "$out" | tr "\\n" " " | sed "s|$f: ||g")"; fi; done',
      "check",
      ...files,
    ],
    {
      encoding: "utf8",
      timeout: BATCH_TIMEOUT_MS,
    },
  );
  const problem = processProblem("bash -n", result);
  return problem ? [problem] : lines(`${result.stdout}${result.stderr}`);
}

/** `black --check` over a directory; the diff of the first failures when it does not pass. */
export function blackProblems(directory: string): string[] {
  const result = spawnSync("black", ["--check", "--quiet", directory], { encoding: "utf8", timeout: 120_000 });
  const problem = processProblem("black --check", result);
  if (problem) return [problem];
  if (result.status === 0) return [];
  const diff = spawnSync("black", ["--diff", "--quiet", directory], { encoding: "utf8", timeout: 120_000 });
  return [`black --check exited ${result.status}: ${result.stderr.slice(0, 2000)}`, (diff.stdout ?? "").slice(0, 6000)];
}

/** shellcheck --shell=bash on every file in one process; `exclude` lists codes to leave out (e.g. ["SC2016"]). */
export function shellcheckProblems(files: string[], exclude: string[] = []): string[] {
  if (files.length === 0) return [];
  const args = ["--shell=bash", "--format=gcc", ...(exclude.length > 0 ? [`--exclude=${exclude.join(",")}`] : []), ...files];
  const result = spawnSync("shellcheck", args, { encoding: "utf8", timeout: 120_000 });
  const problem = processProblem("shellcheck", result);
  if (problem) return [problem];
  return [...lines(result.stdout), ...(result.status === 0 ? [] : lines(result.stderr))];
}
