import { describe, expect, it } from "vitest";
import { version } from "../../package.json";
import { runCli } from "../helpers/cli.js";
import { expectNoMatchError, expectUsageError } from "../helpers/snippet-cli.js";

describe("help and version (issue 43, 5)", () => {
  it("hub-snippets help prints the program's help, as --help does", () => {
    const help = runCli(["help"]);
    expect(help.code, help.stderr).toBe(0);
    expect(help.stdout).toBe(runCli(["--help"]).stdout);
    expect(help.stdout).toContain("snippet");
  });

  it("help <command> prints that command's help, for one word and two", () => {
    for (const words of [["snippet"], ["dataset"], ["tasks", "list"], ["quant", "parse"], ["tasks"]]) {
      const help = runCli(["help", ...words]);
      expect(help.code, `${words.join(" ")}: ${help.stderr}`).toBe(0);
      expect(help.stdout).toBe(runCli([...words, "--help"]).stdout);
    }
  });

  it("help of a command that does not exist exits 2 and says so", () => {
    expectUsageError(runCli(["help", "snipet"]), "unknown command 'snipet'", "snippet");
  });

  it("-v and -V print the version, as --version does", () => {
    for (const flag of ["-v", "-V", "--version"]) expect(runCli([flag])).toEqual({ stdout: `${version}\n`, stderr: "", code: 0 });
  });
});

describe("common names of languages and modalities (issue 43, 5)", () => {
  it.each([
    ["py", "python"],
    ["Python", "python"],
    ["python3", "python"],
    ["javascript", "js"],
    ["JS", "js"],
    ["bash", "sh"],
    ["shell", "sh"],
  ])("--lang %s is --lang %s", (alias, language) => {
    const given = runCli(["snippet", "example:whisper-large-v3", "--lang", alias, "--json"]);
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toBe(runCli(["snippet", "example:whisper-large-v3", "--lang", language, "--json"]).stdout);
  });

  it("takes the aliases in dataset and --library too", () => {
    expect(runCli(["dataset", "example:imdb", "--lang", "py", "--client", "pandas"]).stdout).toBe(
      runCli(["dataset", "example:imdb", "--lang", "python", "--client", "pandas"]).stdout,
    );
    const library = runCli(["snippet", "example:flux.1-dev", "--library", "--lang", "Py"]);
    expect(library.code, library.stderr).toBe(0);
  });

  it("still refuses a language it does not know, naming the accepted ones", () => {
    expectNoMatchError(
      runCli(["snippet", "example:whisper-large-v3", "--lang", "cobol"]),
      "unknown language 'cobol'",
      "python, js, sh; or py, python3, javascript",
    );
  });

  it.each([
    ["Audio", "audio"],
    ["CV", "cv"],
    ["NLP", "nlp"],
    ["vision", "cv"],
    ["computer-vision", "cv"],
    ["text", "nlp"],
  ])("--modality %s is --modality %s", (alias, modality) => {
    const given = runCli(["tasks", "list", "--modality", alias, "--json"]);
    expect(given.code, given.stderr).toBe(0);
    expect(given.stdout).toBe(runCli(["tasks", "list", "--modality", modality, "--json"]).stdout);
  });
});

describe("options that were misread (issue 43, 5)", () => {
  it("refuses --memory without a unit, with the units it takes", () => {
    expectUsageError(runCli(["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "ollama", "--memory", "8"]), "--memory '8' has no unit", "8GB", "8GiB");
    expect(runCli(["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "ollama", "--memory", "8GB"]).code).toBe(0);
  });

  it("asks for --task when --id comes alone", () => {
    expectUsageError(runCli(["snippet", "--id", "openai/whisper-large-v3"]), "--id openai/whisper-large-v3", "--task <pipeline>");
  });

  it("suggests the pipeline meant for a --task it does not know", () => {
    expectNoMatchError(
      runCli(["snippet", "--id", "google-bert/bert-base-uncased", "--task", "fillmask"]),
      "unknown task 'fillmask'",
      "did you mean fill-mask?",
    );
    expect(runCli(["snippet", "--id", "google-bert/bert-base-uncased", "--task", "fill-mask", "--lang", "sh"]).code).toBe(0);
  });

  it("--provider without a value before the record lists the record's providers, and does not take the record for a provider", () => {
    const swapped = runCli(["snippet", "--provider", "example:llama-3.1-8b-instruct"]);
    const after = runCli(["snippet", "example:llama-3.1-8b-instruct", "--provider"]);
    expect(after.code, after.stderr).toBe(0);
    expect(swapped).toEqual(after);
    const flux = runCli(["snippet", "--provider", "example:flux.1-dev"]);
    expect(flux).toEqual(runCli(["snippet", "example:flux.1-dev", "--provider"]));
    expect(flux.stderr).not.toContain("missing model");
  });
});
