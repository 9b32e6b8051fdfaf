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
import { commandTable, optionProperty, type CommandKey, type CommandSpec, type OptionSpec } from "./command-table.js";

export type { CommandKey } from "./command-table.js";
type Options = Record<string, string | boolean>;

/** The table's option whose long flag is `flag` (`--lang` of "--lang <language>"), when the fast path reads it. */
function optionOf(spec: CommandSpec, flag: string): OptionSpec | undefined {
  const option = spec.options.find(({ flags }) => flags.startsWith(flag) && (flags.length === flag.length || flags[flag.length] === " "));
  // A repeatable option collects its values in an array: lines that give one are commander's.
  return option?.repeatable ? undefined : option;
}

/** The table's default values of a command's options, by property. */
function defaultsOf(spec: CommandSpec): Options {
  const defaults: Options = {};
  for (const option of spec.options) if (option.default !== undefined && !option.repeatable) defaults[optionProperty(option.flags)] = option.default;
  return defaults;
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
  const spec: CommandSpec = commandTable[command];
  const options = defaultsOf(spec);
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
    // Only the options a line gives are looked up: building every option's entry cost each start ~11 KB of garbage.
    const option = optionOf(spec, arg);
    if (option === undefined) return undefined;
    const property = optionProperty(option.flags);
    const next = rest[index + 1];
    if (option.flags.includes("<")) {
      if (next === undefined || next[0] === "-") return undefined;
      options[property] = next;
      index += 1;
    } else if (option.flags.includes("[")) {
      if (next !== undefined && next[0] === "-") return undefined;
      // Commander takes the next word as the value whenever it is not an option, as here.
      options[property] = next ?? true;
      if (next !== undefined) index += 1;
    } else options[property] = true;
  }
  const argument = spec.argument === undefined ? "none" : spec.argument.name.startsWith("<") ? "required" : "optional";
  const expected = argument === "none" ? 0 : 1;
  if (operands.length > expected || (argument === "required" && operands.length === 0)) return undefined;
  return { command, argument: operands[0], options };
}
