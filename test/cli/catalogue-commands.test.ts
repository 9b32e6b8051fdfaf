import { describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { listTaskIds, listTasks } from "../../src/catalogue/tasks.js";
import { ansiPattern, runCli } from "../helpers/cli.js";

describe("hub-snippets tasks list", () => {
  it("prints every task as aligned plain text when piped", () => {
    const { stdout, stderr, code } = runCli(["tasks", "list"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).not.toMatch(ansiPattern);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^ID\s+LABEL\s+MODALITY\s+MODELS$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(listTaskIds());
    const labelColumn = lines[0]!.indexOf("LABEL");
    expect(lines.every((line) => line[labelColumn - 1] === " ")).toBe(true);
  });

  it("prints full descriptors with --json", () => {
    const { stdout, code } = runCli(["tasks", "list", "--json", "--modality", "audio"]);
    expect(code).toBe(0);
    const tasks = JSON.parse(stdout) as { id: string; summary: string; models: unknown[] }[];
    expect(tasks.map((task) => task.id)).toContain("text-to-speech");
    expect(tasks.every((task) => task.summary.length > 0 && Array.isArray(task.models))).toBe(true);
  });

  it("--json writes exactly what JSON.stringify writes, with or without a filter", () => {
    for (const [args, filter] of [
      [[], {}],
      [["--modality", "audio"], { modality: "audio" }],
      [["--search", "image"], { search: "image" }],
    ] as const) {
      const { stdout, code } = runCli(["tasks", "list", "--json", ...args]);
      expect(code).toBe(0);
      expect(stdout).toBe(`${JSON.stringify(listTasks(filter), null, 2)}\n`);
    }
  });

  it("searches case-insensitively", () => {
    const { stdout, code } = runCli(["tasks", "list", "--search", "QUESTION"]);
    expect(code).toBe(0);
    expect(stdout).toContain("question-answering");
    expect(stdout).not.toContain("text-to-image");
  });

  it("filters by library", () => {
    const { stdout } = runCli(["tasks", "list", "--library", "diffusers"]);
    expect(stdout).toContain("text-to-image");
    expect(stdout).not.toContain("fill-mask");
  });

  it("exits 1 with a hint when nothing matches", () => {
    const { stdout, stderr, code } = runCli(["tasks", "list", "--search", "no-such-thing-at-all"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/no task matches/);
  });

  it("rejects an unknown modality with exit 1 (an unknown id) and the valid ones", () => {
    const { stderr, code } = runCli(["tasks", "list", "--modality", "graphs"]);
    expect(code).toBe(1);
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/unknown modality 'graphs'.*cv/);
  });
});

describe("hub-snippets task show", () => {
  it("prints every section as plain text when piped", () => {
    const { stdout, code } = runCli(["task", "show", "automatic-speech-recognition"]);
    expect(code).toBe(0);
    expect(stdout).not.toMatch(ansiPattern);
    expect(stdout.split("\n")[0]).toBe("Automatic Speech Recognition");
    for (const title of ["About:", "Demo inputs:", "Demo outputs:", "Libraries:", "Datasets:", "Metrics:", "Models:", "Spaces:", "Widget models:"]) {
      expect(stdout).toContain(`\n${title}\n`);
    }
    expect(stdout).toMatch(/https:\/\/www\.youtube\.com\/watch\?v=\S+/);
  });

  it("prints the descriptor with --json", () => {
    const { stdout, code } = runCli(["task", "show", "translation", "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ id: "translation", canonicalId: "text-generation" });
  });

  it("suggests the nearest ids for an unknown task and exits 1", () => {
    const { stdout, stderr, code } = runCli(["task", "show", "text-to-imag"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/unknown task 'text-to-imag'; did you mean text-to-image/);
  });
});

describe("usage", () => {
  it("prints help with examples, and the version", () => {
    const help = runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:");
    expect(runCli(["tasks", "list", "--help"]).stdout).toContain("--modality");
    expect(runCli(["--version"]).stdout.trim()).toBe(packageJson.version);
  });

  it("prints help and exits 0 without arguments when not on a terminal", () => {
    const { stdout, code } = runCli([]);
    expect(code).toBe(0);
    expect(stdout).toContain("Usage: hub-snippets");
  });

  it.each([
    [["tasks", "list", "--nope"], /unknown option '--nope'/],
    [["task", "show"], /missing required argument 'task-id'/],
    [["frobnicate"], /unknown command 'frobnicate'/],
  ])("exits 2 with one line for %j", (args, message) => {
    const { stdout, stderr, code } = runCli(args);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.trim().split("\n")).toHaveLength(1);
    expect(stderr).toMatch(message);
  });
});
