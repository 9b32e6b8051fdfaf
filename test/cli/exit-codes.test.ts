import { describe, expect, it } from "vitest";
import { commandTable } from "../../src/cli/command-table.js";
import { runCliBatch } from "../helpers/cli-batch.js";
import { expectOneDiagnosticLine, scratchFile } from "../helpers/snippet-cli.js";
import { loadScaled } from "../helpers/load-scaled.js";

/*
 * One exit code per kind of refusal (docs: the CLI contract's table), walked over every option of every command:
 * 1 for an unknown id of any kind, with the nearest ("did you mean") or the list, and for a record that has nothing
 * for an option, with the reason; 2 for bad usage or input. Each refusal is one line on stderr and nothing on stdout.
 */
const chat = "example:llama-3.1-8b-instruct";
const gguf = "example:llama-3.2-3b-instruct-gguf";
const speech = "example:whisper-large-v3";
const schema = scratchFile("exit-codes-schema.json", '{"type": "object"}');
const tools = scratchFile("exit-codes-tools.json", '[{"type": "function", "function": {"name": "f", "parameters": {"type": "object"}}}]');

type Refusal = [args: string[], code: 1 | 2, says: string];

const unknownIds: Refusal[] = [
  [["tasks", "list", "--modality", "visio"], 1, "unknown modality 'visio'; did you mean vision?"],
  [["task", "show", "text-to-imag"], 1, "unknown task 'text-to-imag'; did you mean text-to-image"],
  [["library", "show", "transformrs"], 1, "unknown library 'transformrs'; did you mean transformers"],
  [["snippet", chat, "--lang", "pyton"], 1, "unknown language 'pyton'; did you mean python"],
  [["snippet", chat, "--lang", "cobol"], 1, "unknown language 'cobol'; one of: python, js, sh"],
  [["snippet", chat, "--client", "request"], 1, "unknown client 'request'; did you mean requests"],
  [["snippet", chat, "--provider", "togther"], 1, "unknown provider 'togther'; did you mean together?"],
  [["snippet", chat, "--policy", "fastst"], 1, "unknown policy 'fastst'; did you mean fastest?"],
  [["snippet", chat, "--app", "olama"], 1, "unknown app 'olama'; did you mean ollama"],
  [["snippet", chat, "--deploy", "vertx"], 1, "unknown deploy target 'vertx'; did you mean vertex?"],
  [["snippet", chat, "--deploy", "--vendor", "gcpp"], 1, "unknown vendor 'gcpp' of Inference Endpoints; did you mean gcp"],
  [["snippet", chat, "--deploy", "endpoints", "--instance", "nvidia-l4-x2"], 1, "unknown instance 'nvidia-l4-x2' in aws's table; did you mean nvidia-l4-x1"],
  [
    ["snippet", chat, "--deploy", "sagemaker", "--region", "eu-west-9"],
    1,
    "unknown region 'eu-west-9' in the table of Amazon SageMaker; did you mean eu-west-1",
  ],
  [["snippet", "--id", "acme/model", "--task", "text-to-imag"], 1, "unknown task 'text-to-imag'; did you mean text-to-image"],
  [["dataset", "example:imdb", "--client", "pands"], 1, "unknown dataset client 'pands'; did you mean pandas?"],
  [["dataset", "example:imdb", "--config", "nope"], 1, "no config 'nope'"],
  [["dataset", "example:imdb", "--split", "nope"], 1, "no split 'nope'"],
];

const nothingForTheOption: Refusal[] = [
  [["tasks", "list", "--library", "zzzq"], 1, "no task matches these filters"],
  [["tasks", "list", "--search", "zzzq"], 1, "no task matches these filters"],
  [["libraries", "list", "--task", "zzzq"], 1, "no library matches these filters"],
  [["libraries", "list", "--search", "zzzq"], 1, "no library matches these filters"],
  [["providers", "list", "--task", "zzzq"], 1, "no provider serves zzzq"],
  [["quant", "parse", "model.gguf"], 1, "no quantization label in 'model.gguf'"],
  [["snippet", gguf, "--provider", "together"], 1, "no provider serves a GGUF repository"],
  [["snippet", speech, "--stream"], 1, "--stream does not apply"],
  [["snippet", speech, "--policy", "fastest"], 1, "--policy applies to chat completions only"],
  [["snippet", gguf, "--policy", "fastest"], 1, "has no live provider to choose among"],
  [["snippet", speech, "--json-schema", schema], 1, "--json-schema applies to chat completions only"],
  [["snippet", gguf, "--json-schema", schema], 1, "has no live chat provider to send it to"],
  [["snippet", chat, "--json-schema", schema, "--provider", "together"], 1, "together: its page describes"],
  [["snippet", speech, "--tools", tools], 1, "--tools applies to chat completions only"],
  [["snippet", chat, "--lang", "sh", "--client", "openai"], 1, "unknown client 'openai' for sh"],
  [["snippet", speech, "--app", "ollama"], 1, "Ollama does not run openai/whisper-large-v3"],
  [["snippet", gguf, "--app", "llama.cpp", "--memory", "1MB"], 1, "fits in 1 MB"],
  [["snippet", "example:flux.1-dev", "--library", "--lang", "js"], 1, "no js loading snippet"],
  [["snippet", speech, "--deploy", "vertex"], 1, "no vertex deploy code"],
  [["snippet", chat, "--index", "99"], 1, "--index 99: only 11 snippets match"],
  [["dataset", "example:imdb", "--index", "99"], 1, "--index 99: only"],
];

const badUsage: Refusal[] = [
  [["tasks", "list", "--json", "--frobnicate"], 2, "unknown option '--frobnicate'"],
  [["apps", "list", "--model", "missing.json"], 2, "missing.json: no such file"],
  [["providers", "list", "--model", "missing.json"], 2, "missing.json: no such file"],
  [["snippet", chat, "--direct"], 2, "--direct needs a named provider"],
  [["snippet", chat, "--policy", "fastest", "--provider", "together"], 2, "drop --provider"],
  [["snippet", chat, "--json-schema", "missing.json"], 2, "--json-schema missing.json: no such file"],
  [["snippet", chat, "--tools", "missing.json"], 2, "--tools missing.json: no such file"],
  [["snippet", chat, "--endpoint-url", "notaurl"], 2, "--endpoint-url 'notaurl' is not a URL"],
  [["snippet", chat, "--bill-to", "a\nb"], 2, "--bill-to"],
  [["snippet", chat, "--token", "a\nb"], 2, "--token"],
  [["snippet", chat, "--library", "--stream"], 2, "--stream is an inference option"],
  [["snippet", chat, "--memory", "16GB"], 2, "give it with --app or --deploy"],
  [["snippet", gguf, "--app", "llama.cpp", "--memory", "lots"], 2, "--memory 'lots' is not a memory size"],
  [["snippet", chat, "--vendor", "gcp"], 2, "give it with --deploy"],
  [["snippet", chat, "--deploy", "--context", "100"], 2, "--context '100' is not a number of tokens"],
  [["snippet", chat, "--deploy", "--name", "Bad Name"], 2, "--name 'Bad Name' is not an endpoint name"],
  [["snippet", chat, "--deploy", "sagemaker", "--engine-arg", "--x"], 2, "--engine-arg sets Inference Endpoints' container"],
  [["snippet", chat, "--deploy", "--env", "bad"], 2, "--env 'bad' is not NAME=VALUE"],
  [["snippet", "--id", "bad id!", "--task", "text-classification"], 2, "$.id: must be a Hub model id"],
  [["snippet", "--tag", "conversational"], 2, "missing model"],
  [["snippet", chat, "--index", "0"], 2, "--index takes the number of a snippet"],
  [["snippet", chat, "--copy"], 2, "--copy copies one snippet, and 11 match"],
  [["snippet", chat, "--json", "--notebook"], 2, "--json"],
  [["snippet", chat, "--notebook", "--lang", "js"], 2, "--notebook writes Python"],
  [["dataset", "--id", "bad id!"], 2, "not a Hub dataset id"],
  [["dataset", "example:imdb", "--lang", "sh", "--copy"], 2, "--copy copies one snippet"],
  [["dataset", "example:imdb", "--json", "--notebook"], 2, "--json"],
  [["dataset", "example:imdb", "--notebook", "--lang", "js"], 2, "--notebook writes Python"],
];

const refusals = [...unknownIds, ...nothingForTheOption, ...badUsage];

describe("exit codes, one per kind of refusal", () => {
  it("walks every option of every command", () => {
    const walked = new Set(refusals.flatMap(([args]) => args.filter((word) => word.startsWith("--"))));
    const options = Object.entries(commandTable).flatMap(([command, spec]) => spec.options.map((option) => ({ command, flag: option.flags.split(" ")[0]! })));
    const missing = options.filter(({ flag }) => !walked.has(flag)).map(({ command, flag }) => `${command} ${flag}`);
    // The rest only narrow a listing or choose its form: nothing about them can be refused.
    expect(missing).toEqual(["libraries list --filter-only", "libraries list --datasets", "quant list --tensor"]);
  });

  it("refuses each with its code, in one line on stderr and nothing on stdout", { timeout: loadScaled(60_000) }, async () => {
    const outcomes = await runCliBatch(refusals.map(([args]) => ({ args })));
    const wrong = refusals.flatMap(([args, code, says], index) => {
      const { code: exited, stdout, stderr } = outcomes[index]!;
      const right = exited === code && stdout === "" && stderr.includes(says) && stderr.trimEnd().split("\n").length === 1;
      return right ? [] : [`hub-snippets ${args.join(" ")}: exit ${exited} (not ${code}), stderr ${JSON.stringify(stderr)}`];
    });
    expect(wrong).toEqual([]);
    for (const outcome of outcomes) expectOneDiagnosticLine(outcome.stderr);
  });
});
