import { Command } from "commander";
// Only the version: a named import lets the bundler leave the rest of package.json out of dist/cli.cjs.
import { version } from "../../package.json";
import { describeClients, languages } from "../snippets/clients.js";
import { commandGroups, commandTable, type CommandKey, type CommandSpec } from "./command-table.js";
import type { Runner } from "./fast-argv.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { stdoutIsTerminal, writeStdout } from "./output.js";
import { catalogueRunners } from "./runners/catalogue.js";
import { snippetRunners } from "./runners/snippet.js";

/** What an option's description lists, from the client table. */
const listed = { languages: () => languages.join(", "), clients: describeClients };

const runners: Record<CommandKey, Runner> = { ...catalogueRunners, ...snippetRunners };

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
      "Browse the catalogue of machine-learning task types and turn Hub model records into ready-to-run inference code.\n" +
        "Works offline. On a terminal, running it without a command opens the interactive browser.",
    )
    .version(version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
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
        "hub-snippets --model examples/llama-3.1-8b-instruct.json",
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
    if (spec.argument) command.argument(spec.argument.name, spec.argument.description);
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

  // Set last: commands copy the program's settings when created, and must keep refusing extra arguments.
  program
    .option("--model <model.json>", "on a terminal, open the interactive browser on this model record's page")
    .allowExcessArguments(true)
    .action(async (options: { model?: string }, command: Command) => {
      // Commander reports an unknown command itself only for a program without an action.
      if (command.args.length > 0) (command as Command & { unknownCommand(): never }).unknownCommand();
      const { readModelRecord } = await import("../model/read.js");
      // Checked before anything is drawn: a bad record is one line on stderr and exit 2, as for `snippet`.
      const model = options.model === undefined ? undefined : readModelRecord(options.model);
      if (!stdoutIsTerminal() || !process.stdin.isTTY) return writeStdout(program.helpInformation());
      // A person is at this terminal: Ink's CI mode (from CI=true) would draw nothing until exit.
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
      const { runBrowser } = await loadTerminalViews();
      process.exitCode = await runBrowser(model && { model, origin: options.model });
    });

  return program;
}
