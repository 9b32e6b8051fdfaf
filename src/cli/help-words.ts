import { nearestIds } from "../catalogue/nearest.js";
import { UserError } from "../errors.js";
import { commandTable } from "./command-table.js";

/**
 * The spellings of help and version that commander does not read, as the options it does: `help` is `--help`,
 * `help tasks list` is `tasks list --help`, `-v` (and commander's old `-V`) is `--version`. A command after `help`
 * that does not exist is an error here: commander would print the program's help for `snipet --help`.
 */
export function helpAndVersionWords(argv: readonly string[]): readonly string[] {
  const [first, ...rest] = argv;
  if (argv.length === 1 && (first === "-v" || first === "-V")) return ["--version"];
  if (first !== "help") return argv;
  const [command] = rest;
  if (command === undefined) return ["--help"];
  const commands = [...new Set(Object.keys(commandTable).map((key) => key.split(" ")[0] as string))];
  if (!commands.includes(command)) {
    const near = nearestIds(command, commands);
    throw new UserError(`unknown command '${command}'; ${near.length > 0 ? `did you mean ${near.join(", ")}?` : `the commands: ${commands.join(", ")}`}`);
  }
  return [...rest, "--help"];
}
