import { distance } from "fastest-levenshtein";
import { UserError } from "../errors.js";
import { commandTable, type CommandKey } from "./command-table.js";
import { shellQuote } from "./shell-quote.js";

/**
 * Common slips with the two-word commands, and the command meant: `task text-generation` (task show
 * text-generation), `tasks show x` (task show x), `task list` (tasks list), `quant Q4_K_M.gguf` (quant parse …).
 */

/** Groups whose commands a user mixes up: the plural lists, the singular shows. */
const siblings: Record<string, string> = {
  tasks: "task",
  task: "tasks",
  libraries: "library",
  library: "libraries",
};

const keys = Object.keys(commandTable) as CommandKey[];
const commandsOf = (group: string) => keys.filter((key) => key.startsWith(`${group} `));
const takesArgument = (key: CommandKey) => "argument" in commandTable[key];

/** A near miss of a command word (`lis`, `pars`, `shw`, `snipet`): within two edits, or its start. */
function nearMiss(word: string, command: string): boolean {
  const typed = word.toLowerCase();
  return typed.length >= 2 && (distance(typed, command) <= Math.min(2, Math.floor(command.length / 2)) || command.startsWith(typed));
}

/** The command line meant by `<group> <words…>`, when a group's first word is none of its commands. */
function meantCommand(group: string, words: readonly string[]): string | undefined {
  const [first, ...rest] = words;
  if (first === undefined) return undefined;
  // `tasks lis`, `quant pars x.gguf`: a near miss of one of the group's own commands is that command.
  const near = commandsOf(group).filter((key) => nearMiss(first, key.split(" ")[1] as string));
  if (near.length === 1) return [near[0], ...rest].join(" ");
  // `tasks show x`, `task list`: the word is a command of the sibling group.
  const sibling = siblings[group];
  if (sibling !== undefined && keys.includes(`${sibling} ${first}` as CommandKey)) return [sibling, first, ...rest].join(" ");
  const own = commandsOf(group);
  // `task text-generation`: the one command of the group that takes an argument, given it.
  const withArgument = own.filter(takesArgument);
  if (withArgument.length === 1 && rest.length === 0) return `${withArgument[0]} ${first}`;
  // `tasks audio`: the group's list command, searching for the word where it can.
  const list = own.find((key) => key.endsWith(" list"));
  if (list === undefined) return undefined;
  const searches = commandTable[list].options.some((option) => option.flags.startsWith("--search "));
  return searches && rest.length === 0 ? `${list} --search ${first}` : list;
}

/** The error for `<group> <words…>` with no such command, naming the command meant. */
export function unknownGroupCommand(group: string, words: readonly string[]): UserError {
  const meant = meantCommand(group, words);
  const hint = meant === undefined ? `see hub-snippets ${group} --help` : `did you mean hub-snippets ${meant}?`;
  return new UserError(`unknown command '${[group, ...words].join(" ")}'; ${hint}`);
}

/** First words meant by what they say rather than how they are spelt: `model x.json` is the snippet command. */
const meantByMeaning: Record<string, readonly string[]> = {
  model: ["snippet"],
  models: ["snippet"],
  snippets: ["snippet"],
  list: keys.filter((key) => key.endsWith(" list")),
  show: keys.filter((key) => key.endsWith(" show")),
};

/**
 * The error for a first word that is no command (`snipet x.json`, `list`, `model x.json`), in the style of
 * unknownGroupCommand: the command meant by spelling or by meaning, or the help.
 */
export function unknownCommand(words: readonly string[]): UserError {
  const [first = "", ...rest] = words;
  const firstWords = [...new Set(keys.map((key) => key.split(" ")[0] as string))];
  const meant = meantByMeaning[first.toLowerCase()] ?? firstWords.filter((word) => nearMiss(first, word));
  // A one-word command keeps the words typed after it; a group's command is named alone.
  const lines = meant.map((command) => (command.includes(" ") || rest.length === 0 ? command : [command, ...rest.map(shellQuote)].join(" ")));
  const hint = lines.length === 0 ? "see hub-snippets --help" : `did you mean ${lines.map((line) => `hub-snippets ${line}`).join(" or ")}?`;
  return new UserError(`unknown command '${first}'; ${hint}`);
}

/**
 * A slip in a whole command line, before commander reads it: the words of a command swapped (`show task x`,
 * `list tasks`), or `snippet --model x.json` (snippet takes the record as its argument; the root's --model opens
 * the browser). Undefined for any other line.
 */
export function commandLineSlip(argv: readonly string[]): UserError | undefined {
  const [first, second, ...rest] = argv;
  if (first === undefined) return undefined;
  if (first === "snippet") {
    const at = argv.indexOf("--model");
    const record = argv[at + 1];
    if (at === -1 || record === undefined) return undefined;
    const meant = [...argv.slice(0, at), record, ...argv.slice(at + 2)];
    return new UserError(`snippet takes the model record as its argument, not --model: hub-snippets ${meant.map(shellQuote).join(" ")}`);
  }
  if (second === undefined || keys.some((key) => key.split(" ")[0] === first)) return undefined;
  const swapped = keys.find((key) => {
    const [group, command] = key.split(" ");
    return command === first && (second === group || siblings[second] === group);
  });
  if (swapped === undefined) return undefined;
  return new UserError(`unknown command '${first} ${second}'; did you mean hub-snippets ${[...swapped.split(" "), ...rest].map(shellQuote).join(" ")}?`);
}
