import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ansiPattern, cliNode, cliPath, runCli } from "../helpers/cli.js";
import { hasTool } from "../helpers/tools.js";

/*
 * `snippet --notebook` and `dataset --notebook`: piped, stdout is the notebook's JSON and nothing else; on a terminal,
 * the notebook is saved in the working folder under the repository's name, and stderr says where.
 */

const notebookOf = (stdout: string) => JSON.parse(stdout) as { nbformat: number; nbformat_minor: number; cells: { id: string; source: string[] }[] };

describe("--notebook, piped", () => {
  it("snippet: stdout holds only the notebook's JSON, one document ending in a line break", () => {
    const result = runCli(["snippet", "example:flux.1-dev", "--notebook"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.endsWith("}\n")).toBe(true);
    const notebook = notebookOf(result.stdout);
    expect([notebook.nbformat, notebook.nbformat_minor]).toEqual([4, 5]);
    expect(result.stdout).not.toMatch(ansiPattern);
    expect(JSON.stringify(JSON.parse(result.stdout), null, 1) + "\n").toBe(result.stdout);
    // The notes stay on stderr.
    expect(result.stderr).not.toContain("{");
  });

  it("dataset: --split narrows the notebook as it narrows the snippets", () => {
    const result = runCli(["dataset", "example:imdb", "--split", "test", "--notebook"]);
    expect(result.code, result.stderr).toBe(0);
    const code = notebookOf(result.stdout)
      .cells.map((cell) => cell.source.join(""))
      .join("\n");
    expect(code).toContain('split="test"');
    expect(code).toContain("set -e\nhf download stanfordnlp/imdb");
  });

  it("says the notebook fetches the sample its calls send, where the snippets say the user brings it", () => {
    const notebook = runCli(["snippet", "example:whisper-large-v3", "--notebook"]);
    expect(notebook.code, notebook.stderr).toBe(0);
    expect(notebook.stderr).toContain("the notebook saves a public sample as sample.flac");
    expect(notebook.stderr).not.toContain("of your own");
    expect(notebookOf(notebook.stdout).cells.map((cell) => cell.id)).toContain("sample-input");
    const code = runCli(["snippet", "example:whisper-large-v3", "--lang", "python", "--client", "requests"]);
    expect(code.stderr).toContain("the code reads sample.flac, an audio file of your own");
  });

  it("--client narrows it to one client", () => {
    const result = runCli(["snippet", "example:flux.1-dev", "--client", "requests", "--notebook"]);
    expect(result.code, result.stderr).toBe(0);
    const code = notebookOf(result.stdout)
      .cells.map((cell) => cell.source.join(""))
      .join("\n");
    expect(code).toContain("import requests");
    expect(code).not.toContain("InferenceClient");
  });

  it("refuses another language, --json and --copy (exit 2), and a choice with no Python (exit 1)", () => {
    expect(runCli(["snippet", "example:flux.1-dev", "--notebook", "--lang", "js"])).toMatchObject({ code: 2, stdout: "" });
    expect(runCli(["dataset", "example:imdb", "--notebook", "--json"])).toMatchObject({ code: 2, stdout: "" });
    const apps = runCli(["snippet", "example:llama-3.2-3b-instruct-gguf", "--app", "ollama", "--notebook"]);
    expect(apps).toMatchObject({ code: 1, stdout: "" });
    expect(apps.stderr).toContain("no Python code for a notebook");
  });

  it("names --notebook in the help of both commands", () => {
    expect(runCli(["snippet", "--help"]).stdout).toContain("--notebook");
    expect(runCli(["dataset", "--help"]).stdout).toContain("--notebook");
  });
});

describe.runIf(hasTool("script"))("--notebook on a terminal", () => {
  const folder = mkdtempSync(join(tmpdir(), "hub-snippets-notebook-cli-"));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  const onTerminal = (args: string[]) => {
    const { CI: _ci, ...env } = process.env;
    const command = [cliNode, cliPath, ...args].map((word) => `'${word}'`).join(" ");
    return spawnSync("script", ["-qfec", command, "/dev/null"], { encoding: "utf8", timeout: 20_000, cwd: folder, env: { ...env, TERM: "xterm-256color" } });
  };

  it("writes <owner>--<name>.ipynb in the working folder, says where, and never overwrites a notebook", () => {
    const first = onTerminal(["snippet", "example:flux.1-dev", "--notebook"]);
    expect(first.status, first.stdout).toBe(0);
    expect(first.stdout).toContain(`wrote the notebook to ${join(folder, "black-forest-labs--FLUX.1-dev.ipynb")}`);
    expect(notebookOf(readFileSync(join(folder, "black-forest-labs--FLUX.1-dev.ipynb"), "utf8")).nbformat).toBe(4);
    const second = onTerminal(["snippet", "example:flux.1-dev", "--notebook"]);
    expect(second.stdout).toContain("black-forest-labs--FLUX.1-dev-2.ipynb");
    const dataset = onTerminal(["dataset", "example:imdb", "--notebook"]);
    expect(dataset.stdout).toContain("stanfordnlp--imdb.ipynb");
    expect(existsSync(join(folder, "stanfordnlp--imdb.ipynb"))).toBe(true);
    expect(readdirSync(folder).sort()).toEqual(["black-forest-labs--FLUX.1-dev-2.ipynb", "black-forest-labs--FLUX.1-dev.ipynb", "stanfordnlp--imdb.ipynb"]);
  });

  // /proc takes no new file, not even from root (CI's user): a folder the notebook cannot be written in.
  it.runIf(existsSync("/proc/self"))("says in one line why a folder it cannot write in gets no notebook (exit 2, no stack trace)", () => {
    const { CI: _ci, ...env } = process.env;
    const command = [cliNode, cliPath, "snippet", "example:flux.1-dev", "--notebook"].map((word) => `'${word}'`).join(" ");
    const run = spawnSync("script", ["-qfec", command, "/dev/null"], {
      encoding: "utf8",
      timeout: 20_000,
      cwd: "/proc",
      env: { ...env, TERM: "xterm-256color" },
    });
    expect(run.status, run.stdout).toBe(2);
    expect(run.stdout).toMatch(/could not write the notebook in \/proc: E[A-Z]+/);
    expect(run.stdout).not.toMatch(/\n\s+at /);
  });
});
