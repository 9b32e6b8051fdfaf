/**
 * The argv fast path: the common command lines (`snippet model.json --lang python --client requests`,
 * `tasks list --json`, `quant parse file.gguf`, …) run their command without loading commander or building the
 * command tree, which was most of what a piped run did before its command (commander's ~3,000 lines run in the
 * interpreter on every start; see scripts/cli-bundle/README.md for the measured gain).
 *
 * It accepts only what it fully understands: known long options of that command, each at most once, values that
 * do not look like options, the declared number of arguments. Anything else (help, --version, `--opt=value`, short
 * options, `--`, a repeated or unknown option, a missing value, `help`, the root's --model) returns undefined and
 * commander parses the line, errors and all. program.ts stays the one definition of the CLI: an option added there
 * and not here only means its command lines go through commander. test/cli/fast-argv.test.ts checks that, for every
 * command line this accepts, commander would call the same action with the same arguments and options.
 */
import type { LibrariesListOptions } from "./commands/libraries-list.js";
import type { SnippetCommandOptions } from "./commands/snippet.js";
import type { TasksListOptions } from "./commands/tasks-list.js";

type Options = Record<string, string | boolean>;

interface CommandShape {
  /** The command's words, as typed: ["tasks", "list"]. */
  path: string[];
  /** Its one argument: none, optional ([model]) or required (<task-id>). */
  argument: "none" | "optional" | "required";
  /** Options taking a value (`--lang <language>`), by flag, with their property name as commander names it. */
  values?: Record<string, string>;
  /** Options taking an optional value (`--provider [id]`): `true` when given without one. */
  optionalValues?: Record<string, string>;
  /** Options without a value (`--json`). */
  flags?: Record<string, string>;
  /** Default values, as program.ts declares them. */
  defaults?: Options;
  run(argument: string | undefined, options: Options): Promise<void> | void;
}

const json = { "--json": "json" };

/** Mirrors program.ts (the test above keeps them together). */
export const commandShapes: CommandShape[] = [
  {
    path: ["snippet"],
    argument: "optional",
    values: {
      "--lang": "lang",
      "--client": "client",
      "--bill-to": "billTo",
      "--endpoint-url": "endpointUrl",
      "--token": "token",
      "--app": "app",
      "--memory": "memory",
      "--id": "id",
      "--task": "task",
    },
    optionalValues: { "--provider": "provider" },
    flags: { "--direct": "direct", "--stream": "stream", "--library": "library", "--copy": "copy", ...json },
    defaults: { provider: "hf-inference" },
    run: async (model, options) => (await import("./commands/snippet.js")).snippetCommand(model, options as SnippetCommandOptions),
  },
  {
    path: ["tasks", "list"],
    argument: "none",
    values: { "--modality": "modality", "--library": "library", "--search": "search" },
    flags: json,
    run: async (_, options) => (await import("./commands/tasks-list.js")).tasksList(options as TasksListOptions),
  },
  {
    path: ["task", "show"],
    argument: "required",
    flags: json,
    run: async (id, options) => (await import("./commands/task-show.js")).taskShow(id as string, options),
  },
  {
    path: ["libraries", "list"],
    argument: "none",
    values: { "--search": "search", "--task": "task" },
    flags: { "--filter-only": "filterOnly", ...json },
    run: async (_, options) => (await import("./commands/libraries-list.js")).librariesList(options as LibrariesListOptions),
  },
  {
    path: ["library", "show"],
    argument: "required",
    flags: json,
    run: async (key, options) => (await import("./commands/library-show.js")).libraryShow(key as string, options),
  },
  {
    path: ["apps", "list"],
    argument: "none",
    values: { "--model": "model" },
    flags: json,
    run: async (_, options) => (await import("./commands/apps.js")).appsList(options),
  },
  {
    path: ["quant", "list"],
    argument: "none",
    flags: { "--tensor": "tensor", ...json },
    run: async (_, options) => (await import("./commands/quant.js")).quantList(options),
  },
  {
    path: ["quant", "parse"],
    argument: "required",
    flags: json,
    run: async (fileName, options) => (await import("./commands/quant.js")).quantParse(fileName as string, options),
  },
  {
    path: ["providers", "list"],
    argument: "none",
    values: { "--task": "task", "--model": "model" },
    flags: json,
    run: async (_, options) => (await import("./commands/providers-list.js")).providersList(options),
  },
];

/** What commander calls an option (a lone "-" is an argument: stdin). */
const looksLikeOption = (arg: string) => arg.length > 1 && arg[0] === "-";

export interface FastCommand {
  shape: CommandShape;
  argument: string | undefined;
  options: Options;
}

/** The command a command line runs, when the fast path understands all of it; undefined sends it to commander. */
export function parseFastArgv(argv: readonly string[]): FastCommand | undefined {
  const shape = commandShapes.find(({ path }) => path.every((word, index) => argv[index] === word));
  if (shape === undefined) return undefined;
  const options: Options = { ...shape.defaults };
  const given = new Set<string>();
  const operands: string[] = [];
  const rest = argv.slice(shape.path.length);
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] as string;
    if (!looksLikeOption(arg)) {
      operands.push(arg);
      continue;
    }
    if (given.has(arg)) return undefined;
    given.add(arg);
    const next = rest[index + 1];
    const valueKey = shape.values?.[arg];
    if (valueKey !== undefined) {
      if (next === undefined || next[0] === "-") return undefined;
      options[valueKey] = next;
      index += 1;
      continue;
    }
    const optionalKey = shape.optionalValues?.[arg];
    if (optionalKey !== undefined) {
      if (next !== undefined && next[0] === "-") return undefined;
      // Commander takes the next word as the value whenever it is not an option, as here.
      options[optionalKey] = next ?? true;
      if (next !== undefined) index += 1;
      continue;
    }
    const flagKey = shape.flags?.[arg];
    if (flagKey === undefined) return undefined;
    options[flagKey] = true;
  }
  const expected = shape.argument === "none" ? 0 : 1;
  if (operands.length > expected || (shape.argument === "required" && operands.length === 0)) return undefined;
  return { shape, argument: operands[0], options };
}
