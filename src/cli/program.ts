import { Command } from "commander";
// Only the version: a named import lets the bundler leave the rest of package.json out of dist/cli.cjs.
import { version } from "../../package.json";
import { describeClients } from "../inference/clients.js";
import { languageAliases, languages } from "../code/languages.js";
import { commandGroups, commandTable, type CommandKey, type CommandSpec } from "./command-table.js";
import type { Runner } from "./fast-argv.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { stdoutIsTerminal, warn, writeStdout } from "./output.js";
import { shellQuote } from "./shell-quote.js";
import { catalogueRunners } from "./runners/catalogue.js";
import { unknownCommand, unknownGroupCommand } from "./slips.js";
import { examplePrefix, exampleNames } from "./example-names.js";
import { snippetRunners } from "./runners/snippet.js";
import { datasetRunners } from "./runners/dataset.js";
import { datasetExamplesDir } from "./example-names.js";
import { datasetClientNames } from "../dataset/client-names.js";

/** What an option's description lists, from the client table. */
const listed = {
  languages: () => `${languages.join(", ")} (or ${Object.keys(languageAliases).join(", ")}, in any case)`,
  clients: describeClients,
  examples: () =>
    exampleNames()
      .map((name) => `${examplePrefix}${name}`)
      .join(", "),
  datasetExamples: () =>
    exampleNames(datasetExamplesDir)
      .map((name) => `${examplePrefix}${name}`)
      .join(", "),
  datasetClients: () => datasetClientNames.join(", "),
};

const runners: Record<CommandKey, Runner> = {
  ...catalogueRunners,
  ...snippetRunners,
  ...datasetRunners,
};

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
}

/**
 * The command tree, built from the command table (command-table.ts) that the argv fast path reads too; its actions
 * are the fast path's runners (runners/). Actions throw UserError for problems the user can fix; start.ts turns
 * errors into exit codes.
 */
export function buildProgram(): Command {
  const program = new Command("hub-snippets")
    .description(
      // Prose without line breaks: commander wraps it to the terminal's width.
      "Browse the catalogue of machine-learning task types and turn Hub model records into ready-to-run inference code. " +
        "Works offline. On a terminal, running it without a command opens the interactive browser.",
    )
    .version(version, "-v, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    // Listed in the help only: main.ts turns `help [command…]` into `[command…] --help` before commander reads it.
    .helpCommand("help [command...]", "show help for a command")
    .exitOverride()
    .showSuggestionAfterError(true)
    // Root options only before a command: `apps list --model` keeps its own --model.
    .enablePositionalOptions()
    // Commander puts "(Did you mean …?)" on a second line; the contract wants one line per error.
    .configureOutput({
      writeOut: writeStdout,
      outputError: (text, write) => write(`hub-snippets: ${text.trimEnd().replace(/\s*\n\s*/g, " ")}\n`),
    })
    .addHelpText(
      "after",
      examples(
        "hub-snippets tasks list --modality cv",
        "hub-snippets task show text-to-image",
        "hub-snippets task show summarization --json",
        "hub-snippets --model example:llama-3.1-8b-instruct",
      ),
    );

  const groups = new Map<string, Command>();
  for (const [key, spec] of Object.entries(commandTable) as [CommandKey, CommandSpec][]) {
    const [first, second] = key.split(" ") as [string, string | undefined];
    let parent = program;
    if (second !== undefined) {
      parent = groups.get(first) ?? program.command(first).description(commandGroups[first] ?? "");
      groups.set(first, parent);
    }
    const command = parent.command(second ?? first).description(spec.description);
    const argument: CommandSpec["argument"] = spec.argument;
    if (argument) command.argument(argument.name, argument.lists === undefined ? argument.description : `${argument.description}: ${listed[argument.lists]()}`);
    for (const option of spec.options) {
      const description = option.lists === undefined ? option.description : `${option.description}: ${listed[option.lists]()}`;
      if (option.repeatable) command.option(option.flags, description, (value: string, previous: string[] = []) => [...previous, value]);
      else command.option(option.flags, description, option.default);
    }
    const run = runners[key];
    command.addHelpText("after", examples(...spec.examples)).action((...args: unknown[]) => {
      // Commander passes the argument (when the command has one), the options, then the command.
      const options = args.at(-2) as object;
      return run(spec.argument === undefined ? undefined : (args[0] as string | undefined), options);
    });
  }

  // Each group: the examples of its commands, and a suggestion for a word that is none of them (`task
  // text-generation`). Set after its commands were made, which must keep refusing extra arguments.
  for (const [name, group] of groups) {
    const keys = (Object.keys(commandTable) as CommandKey[]).filter((key) => key.startsWith(`${name} `));
    group
      .addHelpText("after", examples(...keys.flatMap((key) => commandTable[key].examples)))
      .allowExcessArguments(true)
      .action((_options: object, command: Command) => {
        if (command.args.length === 0) command.help({ error: true });
        throw unknownGroupCommand(name, command.args);
      });
  }

  // Set last: commands copy the program's settings when created, and must keep refusing extra arguments.
  program
    .option("--model <model.json>", "on a terminal, open the interactive browser on this model record's page")
    .allowExcessArguments(true)
    .action(async (options: { model?: string }, command: Command) => {
      // Said as a group's unknown command is: the command meant, in one style.
      if (command.args.length > 0) throw unknownCommand(command.args);
      const { readRecordArgument } = await import("./record-source.js");
      // Checked before anything is drawn: a bad record is one line on stderr and exit 2, as for `snippet`.
      const model = options.model === undefined ? undefined : readRecordArgument(options.model);
      if (!stdoutIsTerminal() || !process.stdin.isTTY) {
        if (options.model !== undefined) {
          const notTerminal = stdoutIsTerminal() ? "stdin is not a terminal" : "stdout is not a terminal";
          warn(
            `--model opens the interactive browser, which needs a terminal (${notTerminal}): here is the help instead; for the model's snippets, run hub-snippets snippet ${shellQuote(options.model)}`,
          );
        }
        return program.outputHelp();
      }
      // A person is at this terminal: Ink's CI mode (from CI=true) would draw nothing until exit.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { runBrowser } = await loadTerminalViews();
      process.exitCode = await runBrowser(model && { model, origin: options.model });
    });

  return program;
}
