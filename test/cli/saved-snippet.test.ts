import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { scratchFile } from "../helpers/snippet-cli.js";

/** The CLI's stdout, saved as a user saves it (`> run.mjs`), then checked by the language's own compiler. */
function savedAndChecked(args: string[], file: string): string {
  const { stdout, stderr, code } = runCli(args);
  expect(code, stderr).toBe(0);
  const path = scratchFile(file, stdout);
  const check = file.endsWith(".py")
    ? spawnSync("python3", ["-m", "py_compile", path], { encoding: "utf8" })
    : spawnSync(process.execPath, ["--check", path], { encoding: "utf8" });
  expect(check.status, `${args.join(" ")} saved as ${file}:\n${check.stderr}\n${stdout}`).toBe(0);
  return stdout;
}

describe("one snippet saved to a file runs (issue 43, 3)", () => {
  it("prints the one snippet --client selects as a JavaScript module that parses", () => {
    const stdout = savedAndChecked(["snippet", "example:whisper-large-v3", "--client", "fetch"], "run.mjs");
    expect(stdout).not.toMatch(/^#/m);
    expect(stdout).toMatch(/^import /);
  });

  it("starts a JavaScript snippet that needs a package with its npm install line as a // comment", () => {
    const stdout = savedAndChecked(["snippet", "example:whisper-large-v3", "--client", "huggingface.js"], "hfjs.mjs");
    expect(stdout.split("\n")[0]).toBe("// npm install @huggingface/inference");
  });

  it("prints the one --library snippet as a Python file that compiles", () => {
    const stdout = savedAndChecked(["snippet", "example:flux.1-dev", "--library"], "flux.py");
    expect(stdout.split("\n")[0]).toMatch(/^# pip install -U diffusers/);
    expect(stdout).not.toContain("# python/diffusers");
  });

  it("prints the one dataset snippet --client selects as a file that compiles", () => {
    const pandas = savedAndChecked(["dataset", "example:imdb", "--client", "pandas"], "imdb.py");
    expect(pandas.split("\n")[0]).toMatch(/^# pip install -U pandas/);
    const fetch = savedAndChecked(["dataset", "example:imdb", "--lang", "js"], "imdb.mjs");
    expect(fetch).not.toMatch(/^#/m);
  });

  it("titles JavaScript snippets with // in the output of every kind, and the others with #", () => {
    const { stdout } = runCli(["snippet", "example:whisper-large-v3"]);
    const titles = stdout.split("\n").filter((line) => /^(#|\/\/) (js|python|sh)\//.test(line));
    expect(titles).toContain("// js/fetch");
    expect(titles).toContain("# python/requests");
    expect(titles).toContain("# sh/curl");
    expect(titles.filter((title) => title.includes(" js/")).every((title) => title.startsWith("// "))).toBe(true);
  });
});
