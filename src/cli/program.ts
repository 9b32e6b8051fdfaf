import { Command } from "commander";
import packageJson from "../../package.json" with { type: "json" };
import { describeClients, languages } from "../snippets/clients.js";
import { loadTerminalViews } from "./load-terminal-views.js";
import { stdoutIsTerminal, writeStdout } from "./output.js";
import { catalogueRunners } from "./runners/catalogue.js";
import { snippetRunners } from "./runners/snippet.js";

function examples(...lines: string[]): string {
  return `\nExamples:\n${lines.map((line) => `  $ ${line}`).join("\n")}\n`;
}

/**
 * The command tree. Its actions are the runners the argv fast path uses too (runners/), so a command's action is
 * written once. Actions throw UserError for problems the user can fix; start.ts turns errors into exit codes.
 */
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
    .action((options: object) => catalogueRunners["tasks list"](undefined, options));

  const task = program.command("task").description("show one task type");
  task
    .command("show")
    .description("show every field of a task: summary, demo, datasets, metrics, models, spaces, widget models, video")
    .argument("<task-id>", "the task id, as listed by `hub-snippets tasks list`")
    .option("--json", "print the task descriptor as JSON")
    .addHelpText("after", examples("hub-snippets task show object-detection", "hub-snippets task show translation --json"))
    .action((id: string, options: object) => catalogueRunners["task show"](id, options));

  const libraries = program.command("libraries").description("list the model libraries of the Hub");
  libraries
    .command("list")
    .description("list every model library (a model's library_name), or those that match the filters")
    .option("--filter-only", "only the libraries the Hub offers as a filter of its model list")
    .option("--search <text>", "only libraries whose key, label or repository name contains this text (any case)")
    .option("--task <id>", "only libraries that serve this task, e.g. text-to-image")
    .option("--json", "print the library entries as JSON")
    .addHelpText(
      "after",
      examples("hub-snippets libraries list", "hub-snippets libraries list --task text-to-image", "hub-snippets libraries list --search audio --json"),
    )
    .action((options: object) => catalogueRunners["libraries list"](undefined, options));

  const library = program.command("library").description("show one model library");
  library
    .command("show")
    .description("show every field of a library: repository, docs, Hub filter, download query, tasks, loading snippets")
    .argument("<library-id>", "the library key, as a model's library_name, e.g. diffusers")
    .option("--json", "print the library entry as JSON")
    .addHelpText("after", examples("hub-snippets library show transformers", "hub-snippets library show timm --json"))
    .action((key: string, options: object) => catalogueRunners["library show"](key, options));

  const apps = program.command("apps").description("the local apps that run Hub models (llama.cpp, Ollama, vLLM, LM Studio, …)");
  apps
    .command("list")
    .description("list every local app, or with --model the apps that run that model")
    .option("--model <model.json>", "only the apps that run this model record")
    .option("--json", "print the app entries as JSON")
    .addHelpText("after", examples("hub-snippets apps list", "hub-snippets apps list --model model.json --json"))
    .action((options: object) => catalogueRunners["apps list"](undefined, options));

  const quant = program.command("quant").description("the quantization types of GGUF model files");
  quant
    .command("list")
    .description("list the GGUF file quantization types, biggest first: name, code, kind, size rank")
    .option("--tensor", "list the GGML tensor types (name, code) instead")
    .option("--json", "print the types as JSON")
    .addHelpText("after", examples("hub-snippets quant list", "hub-snippets quant list --tensor --json"))
    .action((options: object) => catalogueRunners["quant list"](undefined, options));
  quant
    .command("parse")
    .description("find the quantization label in a GGUF file name (the last one when it holds several); exit 1 when none")
    .argument("<gguf-file-name>", "a file name such as Llama-3.2-1B-Instruct-Q4_K_M.gguf")
    .option("--json", "print {label, name, code, kind, sizeRank} as JSON")
    .addHelpText("after", examples("hub-snippets quant parse Llama-3.2-1B-Instruct-Q4_K_M.gguf", "hub-snippets quant parse gpt-oss-20b-UD-Q4_K_XL.gguf --json"))
    .action((fileName: string, options: object) => catalogueRunners["quant parse"](fileName, options));

  const providers = program.command("providers").description("the inference providers that serve Hub models through the router");
  providers
    .command("list")
    .description("list every inference provider, or those that serve a task, or with --model those the record maps")
    .option("--task <id>", "only providers that serve this task, e.g. text-to-image or conversational")
    .option("--model <model.json>", "only the live providers of this record's inferenceProviderMapping, with their model ids")
    .option("--json", "print the provider entries as JSON")
    .addHelpText("after", examples("hub-snippets providers list", "hub-snippets providers list --task text-to-video", "hub-snippets providers list --model model.json --json"))
    .action((options: object) => catalogueRunners["providers list"](undefined, options));

  program
    .command("snippet")
    .description(
      "write ready-to-run inference code for a model, in every language and client that can call it;\n" +
        "with --library, the code that loads the model in its own library (its library_name)",
    )
    .argument("[model]", "a model record as the Hub's model API returns it: a JSON file, or - for stdin")
    .option("--lang <language>", `only this language: ${languages.join(", ")}`)
    .option("--client <name>", `only this client: ${describeClients()}`)
    .option("--provider [id]", "inference provider: hf-inference, auto (the router chooses) or one of `providers list`; with no id, the record's live providers", "hf-inference")
    .option("--direct", "call the provider's own API with its own key (<PROVIDER>_API_KEY) instead of the router")
    .option("--stream", "the streaming variant of chat-completion snippets")
    .option("--bill-to <org>", "bill the requests to this organisation (X-HF-Bill-To header)")
    .option("--endpoint-url <url>", "call this endpoint directly instead of the router (token from API_TOKEN)")
    .option("--token <token>", "write this token into the snippet instead of reading HF_TOKEN from the environment")
    .option("--library", "the loading snippets of the model's own library (library_name) instead of inference snippets")
    .option("--app <key>", "the commands (or link) that run the model in a local app, e.g. llama.cpp, ollama, vllm")
    .option(
      "--memory <size>",
      "with --app: run the biggest GGUF quantization whose file plus a margin for the context fits this memory, e.g. 16GB, 24GiB",
    )
    .option("--id <model-id>", "build the model record from flags instead of a file")
    .option("--task <pipeline>", "with --id: the model's task, e.g. text-classification")
    .option("--tag <tag>", "with --id: a model tag, e.g. conversational (repeatable)", (tag: string, tags: string[] = []) => [...tags, tag])
    .option("--json", 'print [{"language", "client", "content"}] as JSON')
    .option("--copy", "also copy the chosen snippet to the clipboard")
    .addHelpText(
      "after",
      examples(
        "hub-snippets snippet examples/whisper-large-v3.json",
        "hub-snippets snippet examples/llama-3.1-8b-instruct.json --lang python --client requests --stream",
        "curl -s https://huggingface.co/api/models/openai/whisper-large-v3 | hub-snippets snippet - --lang sh",
        "hub-snippets snippet --id distilbert/distilbert-base-uncased-finetuned-sst-2-english --task text-classification --json",
        "hub-snippets snippet examples/flux.1-dev.json --lang js --client fetch --copy",
        "hub-snippets snippet examples/flux.1-dev.json --library",
        "hub-snippets snippet model.json --app llama.cpp --memory 16GB",
      ),
    )
    .action((model: string | undefined, options: object) => snippetRunners.snippet(model, options));

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
