import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { parseFastArgv } from "../../src/cli/fast-argv.js";
import { buildProgram } from "../../src/cli/program.js";

// The argv fast path (src/cli/fast-argv.ts) runs common command lines without commander. For every line it accepts,
// commander must call the same command's action with the same argument and options; every other line is commander's.

interface Call {
  path: string[];
  argument: string | undefined;
  options: Record<string, unknown>;
}

/** What commander would run for a command line: the program of program.ts with each command's action recorded. */
async function commanderCall(argv: string[]): Promise<Call | undefined> {
  const program = buildProgram();
  let call: Call | undefined;
  const record = (command: Command, path: string[]) => {
    if (command.commands.length === 0) {
      command.action((...args: unknown[]) => {
        const options = args.at(-2) as Record<string, unknown>;
        call = { path, argument: args.length > 2 ? (args[0] as string | undefined) : undefined, options: { ...options } };
      });
    }
    for (const child of command.commands) record(child, [...path, child.name()]);
  };
  record(program, []);
  await program.parseAsync(argv, { from: "user" });
  return call;
}

const accepted = [
  "snippet examples/llama-3.1-8b-instruct.json --lang python --client requests",
  "snippet examples/llama-3.1-8b-instruct.json --json",
  "snippet --lang sh examples/flux.1-dev.json",
  "snippet - --lang sh",
  "snippet examples/flux.1-dev.json --library",
  "snippet model.json --app llama.cpp --memory 16GB",
  "snippet model.json --provider",
  "snippet model.json --provider together --stream --direct",
  "snippet --provider model.json",
  "snippet model.json --provider auto --bill-to my-org --endpoint-url http://localhost:8080 --token hf_x --copy",
  "snippet --id distilbert/distilbert-base-uncased-finetuned-sst-2-english --task text-classification --json",
  "snippet",
  "snippet example:whisper-large-v3 --lang python --client transformers --index 2 --copy",
  "tasks list",
  "tasks list --json",
  "tasks list --modality cv --library diffusers --search segment",
  "task show text-to-image",
  "task show text-to-image --json",
  "libraries list --filter-only --task text-to-image --search audio --json",
  "library show timm --json",
  "apps list --model model.json --json",
  "quant list --tensor --json",
  "quant parse gpt-oss-20b-UD-Q4_K_XL.gguf",
  "quant parse --json Llama-3.2-1B-Instruct-Q4_K_M.gguf",
  "providers list --task text-to-image --model model.json --json",
];

const refused = [
  "",
  "--model model.json",
  "--version",
  "help snippet",
  "snippet --help",
  "snippet model.json -h",
  "snippet model.json --lang",
  "snippet model.json --lang=python",
  "snippet model.json --lang --json",
  "snippet model.json --json --json",
  "snippet model.json --tag conversational",
  "snippet model.json --provider -",
  "snippet model.json --provider --json",
  "snippet a.json b.json",
  "snippet model.json -- --lang",
  "snippet model.json --unknown",
  "tasks list extra",
  "tasks",
  "tasks show",
  "task show",
  "quant parse",
  "quant parse a.gguf b.gguf",
  "task text-generation",
];

const words = (line: string) => line.split(" ").filter(Boolean);

describe("the argv fast path", () => {
  it.each(accepted)("runs `%s` as commander would", async (line) => {
    const fast = parseFastArgv(words(line));
    expect(fast).toBeDefined();
    const expected = await commanderCall(words(line));
    expect({ path: fast?.command.split(" "), argument: fast?.argument, options: fast?.options }).toEqual(expected);
  });

  it.each(refused)("leaves `%s` to commander", (line) => {
    expect(parseFastArgv(words(line))).toBeUndefined();
  });
});
