import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { describe, expect, it } from "vitest";
import { commandGroups, commandTable } from "../../src/cli/command-table.js";
import { completeRecordCurl } from "../../src/model/record-url.js";
import { cliNode, cliPath, type CliResult } from "../helpers/cli.js";
import { expectOneDiagnosticLine, expectUsageError, scratch } from "../helpers/snippet-cli.js";

/** Runs the built CLI as `npx hub-snippets` runs it for a user: in an empty folder, stdout and stderr piped. */
function runIn(dir: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}): CliResult {
  const { NO_COLOR: _n, FORCE_COLOR: _f, NODE_DISABLE_COLORS: _d, ...env } = process.env;
  const result = spawnSync(cliNode, [cliPath, ...args], {
    cwd: dir,
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 20_000,
    env: { ...env, ...options.env },
  });
  return { stdout: result.stdout, stderr: result.stderr, code: result.status };
}
const emptyFolder = () => mkdtempSync(join(scratch(), "empty-"));
const run = (args: string[], options?: { input?: string; env?: Record<string, string> }) => runIn(emptyFolder(), args, options);

describe("examples for npx users (issue 33, 4)", () => {
  it("runs a shipped example by name from an empty folder", () => {
    const { stdout, stderr, code } = run(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "requests"]);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain("import requests");
    expect(stdout).toContain("https://router.huggingface.co/fal-ai/fal-ai/whisper");
    // One line: the audio file the code reads is the user's own (issue 43).
    expect(stderr).toMatch(/^hub-snippets: the code reads sample\.flac, an audio file of your own[^\n]*\n$/);
    for (const args of [
      ["apps", "list", "--model", "example:llama-3.2-3b-instruct-gguf"],
      ["providers", "list", "--model", "example:llama-3.1-8b-instruct"],
    ]) {
      expect(run(args).code).toBe(0);
    }
  });

  it("points a missing examples/<name>.json to the shipped example", () => {
    expectUsageError(
      run(["snippet", "examples/whisper-large-v3.json", "--json"]),
      "examples/whisper-large-v3.json: no such file",
      "hub-snippets snippet example:whisper-large-v3 --json",
    );
  });

  it("names the shipped examples for an unknown one", () => {
    expectUsageError(run(["snippet", "example:whisper"]), "example:whisper: no such example", "example:whisper-large-v3", "example:llama-3.2-3b-instruct-gguf");
  });

  it("lists the shipped examples in snippet --help", () => {
    const { stdout } = run(["snippet", "--help"]);
    expect(stdout.replace(/\s+/g, " ")).toContain("example:<name> for a record shipped with hub-snippets: example:bart-large-mnli, example:flux.1-dev,");
  });
});

describe("a model id in place of a file (issue 33, 5)", () => {
  it("exits 2 with the command that fetches its complete record and pipes it in, and mentions --id", () => {
    const id = "meta-llama/Llama-3.1-8B-Instruct";
    const result = run(["snippet", id, "--lang", "python", "--client", "requests"]);
    expectUsageError(result, `${id}: no such file`, `${completeRecordCurl(id)} | hub-snippets snippet - --lang python --client requests`, `--id ${id}`);
    expect(completeRecordCurl(id)).toBe(
      `curl -sg 'https://huggingface.co/api/models/${id}?blobs=true&expand[]=inferenceProviderMapping&expand[]=pipeline_tag&expand[]=library_name&expand[]=tags&expand[]=config&expand[]=cardData&expand[]=widgetData&expand[]=transformersInfo&expand[]=mask_token&expand[]=siblings&expand[]=gguf&expand[]=gated&expand[]=private&expand[]=disabled'`,
    );
  });

  it("gives the same way forward to apps list --model, and a file for the browser's --model", () => {
    expectUsageError(
      run(["apps", "list", "--model", "Qwen/Qwen3-8B", "--json"]),
      `${completeRecordCurl("Qwen/Qwen3-8B")} | hub-snippets apps list --model - --json`,
    );
    expectUsageError(run(["--model", "gpt2"]), `${completeRecordCurl("gpt2")} > model.json && hub-snippets --model model.json`);
  });

  it("leaves a missing .json file as no such file", () => {
    expectUsageError(run(["snippet", "model.json"]), /^hub-snippets: model\.json: no such file\n$/);
  });
});

describe("--copy always has a way to pick one snippet (issue 33, 8)", () => {
  function clipboard(): { env: Record<string, string>; file: string } {
    const dir = mkdtempSync(join(scratch(), "clipboard-"));
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin", "xsel"), `#!/bin/sh\ncat > "${join(dir, "clipboard")}"\n`);
    chmodSync(join(dir, "bin", "xsel"), 0o755);
    return {
      env: { PATH: `${join(dir, "bin")}${delimiter}${process.env.PATH ?? ""}`, WAYLAND_DISPLAY: "", XDG_SESSION_TYPE: "", FORCE_COLOR: "0" },
      file: join(dir, "clipboard"),
    };
  }

  it("names --index when --lang and --client still leave two snippets", () => {
    const result = run(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "transformers", "--copy"], { env: clipboard().env });
    expectUsageError(result, "--copy copies one snippet, and 2 match (1 python/transformers, 2 python/transformers): pick one with --index <n>");
    expect(result.stderr).not.toContain("add --lang and --client");
  });

  it("copies the n-th snippet with --index, and prints it alone", () => {
    const all = JSON.parse(run(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "transformers", "--json"]).stdout) as {
      content: string;
    }[];
    const { env, file } = clipboard();
    const { stdout, stderr, code } = run(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "transformers", "--index", "2", "--copy"], {
      env,
    });
    expect(code, stderr).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(all[1]?.content);
    expect(stdout).toContain(all[1]?.content ?? "?");
    expect(stdout).not.toContain(all[0]?.content ?? "?");
    expectOneDiagnosticLine(stderr, "copied the python/transformers snippet");
  });

  it("exits 1 for an --index past the last snippet, and 2 for one that is no number", () => {
    const past = run(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "transformers", "--index", "3"]);
    expect(past.code).toBe(1);
    expectOneDiagnosticLine(past.stderr, "--index 3: only 2 snippets match");
    expectUsageError(run(["snippet", "example:whisper-large-v3", "--index", "0"]), "--index takes the number of a snippet");
  });
});

describe("help and messages (issue 33, 9)", () => {
  it("wraps the snippet description as prose at 80 columns", () => {
    const { stdout } = run(["snippet", "--help"]);
    const paragraph = stdout.split("\n\n")[1]?.split("\n") ?? [];
    expect(paragraph.join(" ")).toBe(commandTable.snippet.description);
    // Greedy wrapping: no line could have taken the next line's first word.
    for (const [at, line] of paragraph.entries()) {
      expect(line.length).toBeLessThanOrEqual(80);
      const next = paragraph[at + 1];
      if (next !== undefined) expect(`${line} ${next.split(" ")[0]}`.length, line).toBeGreaterThan(80);
    }
  });

  it("says what --json prints, install included", () => {
    expect(run(["snippet", "--help"]).stdout.replace(/\s+/g, " ")).toContain('[{"kind", "language", "client", "content", "install"}]');
  });

  it.each(Object.keys(commandGroups))("gives the %s group examples", (group) => {
    const { stdout, code } = run([group, "--help"]);
    expect(code).toBe(0);
    expect(stdout).toContain("\nExamples:\n");
    expect(stdout).toContain(`  $ hub-snippets ${group} `);
  });

  it.each([
    [["task", "text-generation"], "unknown command 'task text-generation'; did you mean hub-snippets task show text-generation?"],
    [["tasks", "show", "translation"], "did you mean hub-snippets task show translation?"],
    [["task", "list"], "did you mean hub-snippets tasks list?"],
    [["quant", "Q4_K_M.gguf"], "did you mean hub-snippets quant parse Q4_K_M.gguf?"],
    [["library", "diffusers"], "did you mean hub-snippets library show diffusers?"],
  ])("suggests the command meant for %j", (args, message) => {
    expectUsageError(run(args), message);
  });

  it.each([
    [["show", "task", "text-to-image"], "unknown command 'show task'; did you mean hub-snippets task show text-to-image?"],
    [["list", "tasks", "--json"], "did you mean hub-snippets tasks list --json?"],
    [
      ["snippet", "--model", "example:flux.1-dev", "--lang", "sh"],
      "snippet takes the model record as its argument, not --model: hub-snippets snippet example:flux.1-dev --lang sh",
    ],
  ])("suggests the command meant for the whole line %j", (args, message) => {
    expectUsageError(run(args), message);
  });

  it.each(["{}", '{"pipeline_tag": "text-generation"}'])("says a record needs at least id, and how to fetch one, for %s", (input) => {
    const result = run(["snippet", "-"], { input });
    expectUsageError(result, '<stdin>: not a model record: a record needs at least "id"', completeRecordCurl("<id>"));
    expect(result.stderr).not.toContain("Invalid input");
  });

  it("says why --model prints help when stdout is piped", () => {
    const { stdout, stderr, code } = run(["--model", "example:llama-3.1-8b-instruct"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: hub-snippets/);
    expectOneDiagnosticLine(
      stderr,
      "--model opens the interactive browser, which needs a terminal (stdout is not a terminal)",
      "hub-snippets snippet example:llama-3.1-8b-instruct",
    );
  });
});
