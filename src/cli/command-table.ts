import { datasetRecordCurl } from "../dataset/record-url.js";
import { completeRecordCurl } from "../model/record-url.js";
import { deployOptions } from "./deploy-options.js";

/**
 * Every command of the CLI, with its argument and options: the one definition that program.ts builds commander's
 * tree from and that the argv fast path (fast-argv.ts) parses common command lines by. A new option is one line
 * here; both read it.
 *
 * Option flags are written as commander writes them: `--json` (a switch), `--lang <language>` (takes a value),
 * `--provider [id]` (takes a value or none). The property an option sets is its long name in camelCase, as
 * commander names it (`--bill-to` sets `billTo`).
 */

export interface OptionSpec {
  flags: string;
  description: string;
  /** A list program.ts appends to the description (from the client table, which a list command does not load). */
  lists?: "languages" | "clients" | "datasetClients";
  default?: string;
  /** Given several times, its values collect in an array (only commander parses such lines). */
  repeatable?: boolean;
}

export interface CommandSpec {
  description: string;
  /** `<name>` (required) or `[name]` (optional), and what it is (and a list program.ts appends to it). */
  argument?: {
    name: string;
    description: string;
    lists?: "examples" | "datasetExamples";
  };
  options: OptionSpec[];
  examples: string[];
}

const json = (what: string): OptionSpec => ({
  flags: "--json",
  description: `print ${what} as JSON`,
});

/** The commands, by their words as typed. */
export const commandTable = {
  "tasks list": {
    description: "list every task type, or those that match the filters",
    options: [
      {
        flags: "--modality <id>",
        description: "only tasks of this modality: nlp, cv, audio, multimodal, tabular, rl, other",
      },
      {
        flags: "--library <name>",
        description: "only tasks this library supports, e.g. transformers or diffusers",
      },
      {
        flags: "--search <text>",
        description: "only tasks whose id, label or summary contains this text (any case)",
      },
      json("the full task descriptors"),
    ],
    examples: [
      "hub-snippets tasks list",
      "hub-snippets tasks list --modality audio",
      "hub-snippets tasks list --library diffusers --json",
      "hub-snippets tasks list --search segment",
    ],
  },
  "task show": {
    description: "show every field of a task: summary, demo, datasets, metrics, models, spaces, widget models, video",
    argument: {
      name: "<task-id>",
      description: "the task id, as listed by `hub-snippets tasks list`",
    },
    options: [json("the task descriptor")],
    examples: ["hub-snippets task show object-detection", "hub-snippets task show translation --json"],
  },
  "libraries list": {
    description: "list every model library (a model's library_name), or those that match the filters",
    options: [
      {
        flags: "--filter-only",
        description: "only the libraries the Hub offers as a filter of its model list",
      },
      {
        flags: "--search <text>",
        description: "only libraries whose key, label or repository name contains this text (any case)",
      },
      {
        flags: "--task <id>",
        description: "only libraries that serve this task, e.g. text-to-image",
      },
      {
        flags: "--datasets",
        description: "list the libraries that read Hub datasets (pandas, Polars, DuckDB, …) instead, and whether `dataset` writes their code",
      },
      json("the library entries"),
    ],
    examples: [
      "hub-snippets libraries list",
      "hub-snippets libraries list --task text-to-image",
      "hub-snippets libraries list --search audio --json",
      "hub-snippets libraries list --datasets",
    ],
  },
  "library show": {
    description: "show every field of a library: repository, docs, Hub filter, download query, tasks, loading snippets",
    argument: {
      name: "<library-id>",
      description: "the library key, as a model's library_name, e.g. diffusers",
    },
    options: [json("the library entry")],
    examples: ["hub-snippets library show transformers", "hub-snippets library show timm --json"],
  },
  "apps list": {
    description: "list every local app, or with --model the apps that run that model",
    options: [
      {
        flags: "--model <model.json>",
        description: "only the apps that run this model record: a JSON file, - for stdin, or example:<name>",
      },
      json("the app entries"),
    ],
    examples: ["hub-snippets apps list", "hub-snippets apps list --model example:llama-3.2-3b-instruct-gguf --json"],
  },
  "quant list": {
    description: "list the GGUF file quantization types, biggest first: name, code, kind, size rank",
    options: [
      {
        flags: "--tensor",
        description: "list the GGML tensor types (name, code) instead",
      },
      json("the types"),
    ],
    examples: ["hub-snippets quant list", "hub-snippets quant list --tensor --json"],
  },
  "quant parse": {
    description: "find the quantization label in a GGUF file name (the last one when it holds several); exit 1 when none",
    argument: {
      name: "<gguf-file-name>",
      description: "a file name such as Llama-3.2-1B-Instruct-Q4_K_M.gguf",
    },
    options: [
      {
        flags: "--json",
        description: "print {label, name, code, kind, sizeRank} as JSON",
      },
    ],
    examples: ["hub-snippets quant parse Llama-3.2-1B-Instruct-Q4_K_M.gguf", "hub-snippets quant parse gpt-oss-20b-UD-Q4_K_XL.gguf --json"],
  },
  "providers list": {
    description: "list every inference provider, or those that serve a task, or with --model those the record maps",
    options: [
      {
        flags: "--task <id>",
        description: "only providers that serve this task, e.g. text-to-image or conversational",
      },
      {
        flags: "--model <model.json>",
        description: "only the live providers of this record's inferenceProviderMapping, with their model ids (a JSON file, - for stdin, or example:<name>)",
      },
      json("the provider entries"),
    ],
    examples: [
      "hub-snippets providers list",
      "hub-snippets providers list --task text-to-video",
      "hub-snippets providers list --model example:llama-3.1-8b-instruct --json",
    ],
  },
  snippet: {
    // Prose without line breaks: commander wraps it to the terminal's width.
    description:
      "write the code that uses a model, from what its record says serves it: inference calls through its live " +
      "providers, the loading code of its own library (llama-cpp-python for GGUF files), and the commands of the " +
      "local apps that run it, each kind under its heading; --provider, --library or --app pick one kind; --deploy writes " +
      "the code that puts it on a dedicated endpoint instead",
    argument: {
      name: "[model]",
      description: "a model record as the Hub's model API returns it: a JSON file, - for stdin, or example:<name> for a record shipped with hub-snippets",
      lists: "examples",
    },
    options: [
      {
        flags: "--lang <language>",
        description: "only this language",
        lists: "languages",
      },
      {
        flags: "--client <name>",
        description: "only this client, library or app",
        lists: "clients",
      },
      {
        flags: "--provider [id]",
        description:
          "inference only, through this provider: auto (the default: the router picks among the record's live providers), hf-inference or one of `providers list`; with no id, list the record's live providers",
      },
      {
        flags: "--direct",
        description: "call the provider's own API with its own key (<PROVIDER>_API_KEY) instead of the router",
      },
      {
        flags: "--stream",
        description: "the streaming variant of chat-completion snippets",
      },
      {
        flags: "--policy <policy>",
        description:
          "chat only: let the router choose among the record's live providers by policy (the model is named <id>:<policy>): fastest (highest throughput, the router's default), cheapest (lowest price per output token) or preferred (your order at hf.co/settings/inference-providers); not with --provider, --direct or --endpoint-url",
      },
      {
        flags: "--json-schema <file>",
        description:
          "chat only: ask for a JSON answer that follows the JSON schema in this file (response_format json_schema, named after the file) and parse it; for the providers data/structured-output.json lists as taking one (the first live one is named when the router could choose another)",
      },
      {
        flags: "--tools <file>",
        description:
          "chat only: offer the tool definitions in this file (a JSON array of {type: function, function: {name, parameters}}) and read the tool calls of the answer; for the providers data/tool-calling.json lists as taking them; not with --json-schema",
      },
      {
        flags: "--bill-to <org>",
        description: "bill the requests to this organisation (X-HF-Bill-To header)",
      },
      {
        flags: "--endpoint-url <url>",
        description: "call this endpoint directly instead of the router (token from API_TOKEN)",
      },
      {
        flags: "--token <token>",
        description: "write this token into the snippet instead of reading HF_TOKEN from the environment",
      },
      {
        flags: "--library",
        description: "only the loading code of the model's own library (its library_name; llama-cpp-python for GGUF)",
      },
      {
        flags: "--app <key>",
        description: "only the commands (or link) that run the model in this local app, e.g. llama.cpp, ollama, vllm",
      },
      {
        flags: "--memory <size>",
        description: "with --app or --deploy: run the biggest GGUF quantization whose file plus a margin for the context fits this memory, e.g. 16GB, 24GiB",
      },
      ...deployOptions,
      {
        flags: "--id <model-id>",
        description: "build the model record from flags instead of a file",
      },
      {
        flags: "--task <pipeline>",
        description: "with --id: the model's task, e.g. text-classification",
      },
      {
        flags: "--tag <tag>",
        description: "with --id: a model tag, e.g. conversational (repeatable)",
        repeatable: true,
      },
      {
        flags: "--json",
        description:
          'print [{"kind", "language", "client", "content", "install"}] as JSON; kind is inference, library, app or deploy; install, when the snippet needs one, is the shell command that installs what it uses',
      },
      {
        flags: "--index <n>",
        description: "only the n-th of the snippets the other options select, in printed order (1 is the first): how --copy picks one of several",
      },
      {
        flags: "--copy",
        description: "also copy the chosen snippet to the clipboard (one snippet: narrow with --lang and --client, or pick with --index)",
      },
      {
        flags: "--notebook",
        description:
          "write the selected Python snippets as one Jupyter notebook (install cell, token check for gated models, the code, its results; Colab and Kaggle runtime from the weights' size): piped, to stdout; on a terminal, to <owner>--<name>.ipynb",
      },
    ],
    examples: [
      "hub-snippets snippet example:whisper-large-v3",
      "hub-snippets snippet example:llama-3.1-8b-instruct --lang python --client requests --stream",
      "# a model of the Hub: its complete record (every field the generators read, providers and file sizes included)",
      `${completeRecordCurl("openai/whisper-large-v3")} | hub-snippets snippet - --lang sh`,
      `${completeRecordCurl("meta-llama/Llama-3.1-8B-Instruct")} > model.json`,
      "hub-snippets snippet model.json --provider",
      "hub-snippets snippet --id distilbert/distilbert-base-uncased-finetuned-sst-2-english --task text-classification --json",
      "hub-snippets snippet example:flux.1-dev --lang js --client fetch --copy",
      "hub-snippets snippet example:whisper-large-v3 --lang python --client transformers --index 2",
      "hub-snippets snippet example:flux.1-dev --library",
      "hub-snippets snippet example:llama-3.2-3b-instruct-gguf --app llama.cpp --memory 16GB",
      "hub-snippets snippet example:llama-3.1-8b-instruct --deploy endpoints",
      "hub-snippets snippet example:flux.1-dev --notebook > flux.ipynb",
    ],
  },
  dataset: {
    description:
      "write the code that loads a Hub dataset, one snippet per library that reads it (from the record's library: tags, " +
      "else its file formats): 🤗 Datasets, pandas, Polars, DuckDB, Dask, Croissant, WebDataset, then hf download and " +
      "the dataset viewer's HTTP API",
    argument: {
      name: "[dataset]",
      description: "a dataset record as the Hub's dataset API returns it: a JSON file, - for stdin, or example:<name> for a record shipped with hub-snippets",
      lists: "datasetExamples",
    },
    options: [
      {
        flags: "--lang <language>",
        description: "only this language",
        lists: "languages",
      },
      {
        flags: "--client <name>",
        description: "only this library or client",
        lists: "datasetClients",
      },
      {
        flags: "--config <name>",
        description: "read this config of the dataset (default: the card's default config)",
      },
      {
        flags: "--split <name>",
        description: "read this split (default: the config's first split)",
      },
      {
        flags: "--id <dataset-id>",
        description: "no record: the generic code for this dataset id",
      },
      {
        flags: "--json",
        description: 'print [{"kind": "dataset", "language", "client", "content", "install"}] as JSON',
      },
      {
        flags: "--index <n>",
        description: "only the n-th of the snippets the other options select, in printed order (1 is the first)",
      },
      {
        flags: "--copy",
        description: "also copy the chosen snippet to the clipboard (one snippet: narrow with --lang and --client, or pick with --index)",
      },
      {
        flags: "--notebook",
        description: "write the Python readers and hf download as one Jupyter notebook: piped, to stdout; on a terminal, to <owner>--<name>.ipynb",
      },
    ],
    examples: [
      "hub-snippets dataset example:imdb",
      "hub-snippets dataset example:imdb --lang python --client pandas --split test",
      "# a dataset of the Hub: its record, as the dataset API returns it",
      `${datasetRecordCurl("stanfordnlp/imdb")} | hub-snippets dataset - --split test --client datasets`,
      "hub-snippets dataset --id nyu-mll/glue --lang sh",
      "hub-snippets dataset example:imdb --client duckdb --json",
      "hub-snippets dataset example:imdb --split test --notebook > imdb.ipynb",
    ],
  },
} satisfies Record<string, CommandSpec>;

/** A command of the table, by its words: "snippet", "tasks list", … */
export type CommandKey = keyof typeof commandTable;

/** What the groups of two-word commands are for (`hub-snippets tasks --help`). */
export const commandGroups: Record<string, string> = {
  tasks: "list the task types of the catalogue",
  task: "show one task type",
  libraries: "list the model libraries of the Hub",
  library: "show one model library",
  apps: "the local apps that run Hub models (llama.cpp, Ollama, vLLM, LM Studio, …)",
  quant: "the quantization types of GGUF model files",
  providers: "the inference providers that serve Hub models through the router",
};

/** The property an option sets, as commander names it: the long name in camelCase (`--bill-to` → `billTo`). */
export function optionProperty(flags: string): string {
  const long = /--([a-z][a-z0-9-]*)/.exec(flags)?.[1] ?? "";
  return long.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
