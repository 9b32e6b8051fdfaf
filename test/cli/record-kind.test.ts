import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { runCli } from "../helpers/cli.js";
import { example, expectUsageError, root, scratchFile } from "../helpers/snippet-cli.js";

const imdb = `${root}examples/datasets/imdb.json`;

describe("a record of the wrong kind (issue 43, 1)", () => {
  it("refuses a model record given to dataset, and names the snippet command for it", () => {
    const result = runCli(["dataset", example("flux.1-dev")]);
    expectUsageError(result, "flux.1-dev.json: a model record, not a dataset record (it has pipeline_tag, library_name, config", `for its snippets: hub-snippets snippet ${example("flux.1-dev")}`);
  });

  it("refuses a dataset record given to snippet, and names the dataset command for it", () => {
    const result = runCli(["snippet", imdb, "--lang", "python"]);
    expectUsageError(result, "imdb.json: a dataset record, not a model record (it has cardData.configs, cardData.dataset_info, cardData.task_categories, tag format:parquet", `for its loading code: hub-snippets dataset ${imdb}`);
    expect(result.stderr).not.toContain("No input example");
  });

  it("names the command to pipe a record of the wrong kind from stdin to", () => {
    expectUsageError(runCli(["snippet", "-"], { input: readFileSync(imdb, "utf8") }), "<stdin>: a dataset record, not a model record", "pipe it to hub-snippets dataset -");
    expectUsageError(runCli(["dataset", "-", "--json"], { input: readFileSync(example("whisper-large-v3"), "utf8") }), "<stdin>: a model record, not a dataset record", "pipe it to hub-snippets snippet -");
  });

  it("refuses a model record by its weight files alone, and apps and providers refuse a dataset record", () => {
    const weights = scratchFile("weights-only.json", JSON.stringify({ id: "acme/m", siblings: [{ rfilename: "README.md" }, { rfilename: "model.safetensors" }] }));
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
