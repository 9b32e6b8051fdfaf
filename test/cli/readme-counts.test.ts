import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

// The README's numbers and claims about the tool, held to what the tool says.
const readme = readFileSync("README.md", "utf8").replace(/\s+/g, " ");

describe("the README's counts", () => {
  it("counts the libraries, and those with loading code, as libraries list does", () => {
    const libraries = JSON.parse(runCli(["libraries", "list", "--json"]).stdout) as { hasSnippets: boolean }[];
    expect(readme).toContain(`registries of the Hub's ${libraries.length} model libraries`);
    expect(readme).toContain(`… ${libraries.filter((library) => library.hasSnippets).length} libraries;`);
  });

  it("counts the tasks with a video as the catalogue holds them", () => {
    const tasks = readdirSync("data/tasks").map((name) => JSON.parse(readFileSync(`data/tasks/${name}`, "utf8")) as { youtubeId?: string });
    expect(readme).toContain(`the ${tasks.length} task types`);
    expect(readme).toContain(`a video (${tasks.filter((task) => task.youtubeId).length} of them)`);
  });

  it("says where example:llama-3.1-8b-instruct's access note is: in its library and app code, not its inference calls", () => {
    const all = runCli(["snippet", "example:llama-3.1-8b-instruct"]).stdout;
    const [inference = "", rest = ""] = all.split("## Library");
    expect(inference).not.toContain("Gated model");
    expect(rest).toContain("# Gated model: accept its conditions");
    expect(readme).toContain("| `example:llama-3.1-8b-instruct` | a gated chat model (streaming; the access note on its library and app code) |");
  });
});
