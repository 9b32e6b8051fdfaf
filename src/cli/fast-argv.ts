/**
 * The argv fast path: the common command lines (`snippet model.json --lang python --client requests`,
 * `tasks list --json`, `quant parse file.gguf`, …) run their command without loading commander or building the
 * command tree, which was most of what a piped run did before its command (commander's ~3,000 lines run in the
 * interpreter on every start; see scripts/cli-bundle/README.md for the measured gain).
 *
 * It accepts only what it fully understands: known long options of that command, each at most once, values that
 * do not look like options, the declared number of arguments. Anything else (help, --version, `--opt=value`, short
 * options, `--`, a repeated or unknown option, a missing value, `help`, the root's --model) returns undefined and
 * commander parses the line, errors and all. Both read the commands from command-table.ts; test/cli/fast-argv.test.ts
 * checks that, for every command line this accepts, commander would call the same action with the same arguments
 * and options.
 */
import { commandTable, optionProperty, type CommandKey, type CommandSpec } from "./command-table.js";

export type { CommandKey } from "./command-table.js";
export type Options = Record<string, string | boolean>;

/** How the fast path reads one command's options, from its entry in the command table. */
interface CommandShape {
  /** Its one argument: none, optional ([model]) or required (<task-id>). */
  argument: "none" | "optional" | "required";
  /** Options taking a value (`--lang <language>`), by flag, with the property they set. */
  values: Record<string, string>;
  /** Options taking an optional value (`--provider [id]`): `true` when given without one. */
  optionalValues: Record<string, string>;
  /** Options without a value (`--json`). */
  flags: Record<string, string>;
  /** Default values, as the table declares them. */
  defaults: Options;
}

function shapeOf(spec: CommandSpec): CommandShape {
  const shape: CommandShape = {
    argument: spec.argument === undefined ? "none" : spec.argument.name.startsWith("<") ? "required" : "optional",
    values: {},
    optionalValues: {},
    flags: {},
    defaults: {},
  };
  for (const option of spec.options) {
    // A repeatable option collects its values in an array: lines that give one are commander's.
    if (option.repeatable) continue;
    const flag = option.flags.split(" ")[0] as string;
    const property = optionProperty(option.flags);
    const kind = option.flags.includes("<") ? shape.values : option.flags.includes("[") ? shape.optionalValues : shape.flags;
    kind[flag] = property;
    if (option.default !== undefined) shape.defaults[property] = option.default;
  }
  return shape;
}

const shapes = new Map<CommandKey, CommandShape>();
function shapeFor(command: CommandKey): CommandShape {
  let shape = shapes.get(command);
  if (!shape) {
    shape = shapeOf(commandTable[command]);
    shapes.set(command, shape);
  }
  return shape;
}

/** What a command runs, given its argument and options as commander gives them (program.ts runs these too). */
export type Runner = (argument: string | undefined, options: object) => Promise<void> | void;

/** What commander calls an option (a lone "-" is an argument: stdin). */
const looksLikeOption = (arg: string) => arg.length > 1 && arg[0] === "-";

export interface FastCommand {
  command: CommandKey;
  argument: string | undefined;
  options: Options;
}

/** The command whose words start the line (no command's words begin another's). */
function commandOf(argv: readonly string[]): CommandKey | undefined {
  return (Object.keys(commandTable) as CommandKey[]).find((key) => key.split(" ").every((word, index) => argv[index] === word));
}

/** The command a command line runs, when the fast path understands all of it; undefined sends it to commander. */
export function parseFastArgv(argv: readonly string[]): FastCommand | undefined {
  const command = commandOf(argv);
  if (command === undefined) return undefined;
  const shape = shapeFor(command);
  const options: Options = { ...shape.defaults };
  const given = new Set<string>();
  const operands: string[] = [];
  const rest = argv.slice(command.split(" ").length);
  for (let index = 0; index < rest.length; index += 1) {
    const arg = rest[index] as string;
    if (!looksLikeOption(arg)) {
      operands.push(arg);
      continue;
    }
    if (given.has(arg)) return undefined;
    given.add(arg);
    const next = rest[index + 1];
    const valueKey = shape.values[arg];
    if (valueKey !== undefined) {
      if (next === undefined || next[0] === "-") return undefined;
      options[valueKey] = next;
      index += 1;
      continue;
    }
    const optionalKey = shape.optionalValues[arg];
    if (optionalKey !== undefined) {
      if (next !== undefined && next[0] === "-") return undefined;
      // Commander takes the next word as the value whenever it is not an option, as here.
      options[optionalKey] = next ?? true;
      if (next !== undefined) index += 1;
      continue;
    }
    const flagKey = shape.flags[arg];
    if (flagKey === undefined) return undefined;
    options[flagKey] = true;
  }
  const expected = shape.argument === "none" ? 0 : 1;
  if (operands.length > expected || (shape.argument === "required" && operands.length === 0)) return undefined;
  return { command, argument: operands[0], options };
}
