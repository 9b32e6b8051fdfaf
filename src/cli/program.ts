import { Command } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { taskShow } from "./commands/task-show.js";
import { tasksList } from "./commands/tasks-list.js";

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
}

/** The command tree. Actions throw UserError for problems the user can fix; main.ts turns errors into exit codes. */
export function buildProgram(): Command {
  const program = new Command("hub-snippets")
    .description(
      "Browse the catalogue of machine-learning task types and turn Hub model records into ready-to-run inference code.\n" +
        "Works offline. On a terminal, running it without a command opens the interactive browser.",
    )
    .version(packageJson.version, "-V, --version", "print the version")
    .helpOption("-h, --help", "show help for a command")
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({ outputError: (text, write) => write(text.startsWith("error:") ? `hub-snippets: ${text}` : text) })
    .addHelpText(
      "after",
      examples("hub-snippets tasks list --modality cv", "hub-snippets task show text-to-image", "hub-snippets task show summarization --json"),
    );

  const tasks = program.command("tasks").description("list the task types of the catalogue");
  tasks
    .command("list")
    .description("list every task type, or those that match the filters")
    .option("--modality <id>", "only tasks of this modality: nlp, cv, audio, multimodal, tabular, rl, other")
    .option("--library <name>", "only tasks this library supports, e.g. transformers or diffusers")
    .option("--search <text>", "only tasks whose id, label or summary contains this text (any case)")
    .option("--json", "print the full task descriptors as JSON")
    .addHelpText(
      "after",
      examples(
        "hub-snippets tasks list",
        "hub-snippets tasks list --modality audio",
        "hub-snippets tasks list --library diffusers --json",
        "hub-snippets tasks list --search segment",
      ),
    )
    .action(tasksList);

  const task = program.command("task").description("show one task type");
  task
    .command("show")
    .description("show every field of a task: summary, demo, datasets, metrics, models, spaces, widget models, video")
    .argument("<task-id>", "the task id, as listed by `hub-snippets tasks list`")
    .option("--json", "print the task descriptor as JSON")
    .addHelpText("after", examples("hub-snippets task show object-detection", "hub-snippets task show translation --json"))
    .action(taskShow);

  return program;
}
