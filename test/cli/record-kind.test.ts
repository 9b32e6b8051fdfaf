import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runCli } from "../helpers/cli.js";
import { example, expectUsageError, root, scratchFile } from "../helpers/snippet-cli.js";

const imdb = `${root}examples/datasets/imdb.json`;

describe("a record of the wrong kind (issue 43, 1)", () => {
  it("refuses a model record given to dataset, and names the snippet command for it", () => {
    const result = runCli(["dataset", example("flux.1-dev")]);
    expectUsageError(
      result,
      "flux.1-dev.json: a model record, not a dataset record (it has pipeline_tag, library_name, config",
      `for its snippets: hub-snippets snippet ${example("flux.1-dev")}`,
    );
  });

  it("refuses a dataset record given to snippet, and names the dataset command for it", () => {
    const result = runCli(["snippet", imdb, "--lang", "python"]);
    expectUsageError(
      result,
      "imdb.json: a dataset record, not a model record (it has cardData.configs, cardData.dataset_info, cardData.task_categories, tag format:parquet",
      `for its loading code: hub-snippets dataset ${imdb}`,
    );
    expect(result.stderr).not.toContain("No input example");
  });

  it("names the command to pipe a record of the wrong kind from stdin to", () => {
    expectUsageError(
      runCli(["snippet", "-"], { input: readFileSync(imdb, "utf8") }),
      "<stdin>: a dataset record, not a model record",
      "pipe it to hub-snippets dataset -",
    );
    expectUsageError(
      runCli(["dataset", "-", "--json"], { input: readFileSync(example("whisper-large-v3"), "utf8") }),
      "<stdin>: a model record, not a dataset record",
      "pipe it to hub-snippets snippet -",
    );
  });

  it("refuses a model record by its weight files alone, and apps and providers refuse a dataset record", () => {
    const weights = scratchFile(
      "weights-only.json",
      JSON.stringify({ id: "acme/m", siblings: [{ rfilename: "README.md" }, { rfilename: "model.safetensors" }] }),
    );
    expectUsageError(runCli(["dataset", weights]), "a model record, not a dataset record (it has weight files (model.safetensors))");
    expectUsageError(runCli(["apps", "list", "--model", imdb]), "a dataset record, not a model record", "hub-snippets dataset");
    expectUsageError(runCli(["providers", "list", "--model", imdb]), "a dataset record, not a model record", "hub-snippets dataset");
  });

  it("points a shipped example of the other kind to its command", () => {
    expectUsageError(runCli(["dataset", "example:flux.1-dev"]), "example:flux.1-dev: a model example", "hub-snippets snippet example:flux.1-dev");
    expectUsageError(runCli(["snippet", "example:imdb"]), "example:imdb: a dataset example", "hub-snippets dataset example:imdb");
  });

  it("still reads a record that says neither kind, and a record of the right kind", () => {
    const bare = scratchFile("bare.json", JSON.stringify({ id: "acme/thing" }));
    expect(runCli(["dataset", bare, "--lang", "python", "--client", "datasets"]).code).toBe(0);
    expect(runCli(["dataset", imdb, "--lang", "python", "--client", "datasets"]).code).toBe(0);
    expect(runCli(["snippet", example("flux.1-dev"), "--library"]).code).toBe(0);
  });
});

describe("answers from the Hub that are no record (issue 43, 2)", () => {
  it("calls an empty model.json an empty file, what a failed download leaves", () => {
    const empty = scratchFile("model.json", "");
    expectUsageError(runCli(["snippet", empty]), `${empty}: empty file, not a model record`, "a failed download");
    expectUsageError(runCli(["dataset", scratchFile("blank.json", " \n")]), "blank.json: empty file, not a dataset record");
    expectUsageError(runCli(["snippet", "-"], { input: "" }), "<stdin>: empty input, not a model record", "a failed download");
  });

  it("shows the Hub's error answer as the Hub's message", () => {
    const notFound = scratchFile("not-found.json", JSON.stringify({ error: "Repository not found" }));
    expectUsageError(
      runCli(["snippet", notFound, "--lang", "python"]),
      `${notFound}: the Hub's error answer, not a model record: "Repository not found"`,
      "check the id",
    );
    expectUsageError(runCli(["dataset", notFound]), `${notFound}: the Hub's error answer, not a dataset record: "Repository not found"`);
    expectUsageError(
      runCli(["apps", "list", "--model", "-"], { input: '{"error":"Invalid credentials in Authorization header"}' }),
      `<stdin>: the Hub's error answer, not a model record: "Invalid credentials in Authorization header"`,
    );
  });

  it("writes the Hub's message on one line, its control characters escaped", () => {
    const odd = scratchFile("odd-error.json", JSON.stringify({ error: "line one\nline two \u001b[31mred" }));
    expectUsageError(runCli(["snippet", odd]), String.raw`"line one\nline two \u001b[31mred"`);
  });

  it("calls an HTML page an HTML page, not invalid JSON", () => {
    const page = scratchFile("page.json", "<!DOCTYPE html>\n<html><head><title>Hugging Face</title></head></html>\n");
    expectUsageError(runCli(["snippet", page]), `${page}: an HTML page, not a model record`, "https://huggingface.co/api/models/<id>");
    expectUsageError(runCli(["dataset", page]), `${page}: an HTML page, not a dataset record`, "https://huggingface.co/api/datasets/<id>");
  });
});
