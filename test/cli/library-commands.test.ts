import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { listLibraries } from "../../src/catalogue/libraries.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { withInstallLine } from "../../src/code/install-line.js";
import { ansiPattern, runCli } from "../helpers/cli.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

const fixture = fileURLToPath(new URL("../fixtures/libraries/sentence-transformers.json", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function record(name: string, fields: Record<string, unknown>): string {
  const path = join(scratch, `${name}.json`);
  writeFileSync(path, JSON.stringify(fields));
  return path;
}

function expectOneLine(stderr: string, ...fragments: string[]): void {
  expect(stderr.trimEnd().split("\n"), stderr).toHaveLength(1);
  expect(stderr).toMatch(/^hub-snippets: /);
  for (const fragment of fragments) expect(stderr).toContain(fragment);
}

describe("hub-snippets libraries list", () => {
  it("prints every library as an aligned plain table when piped", () => {
    const { stdout, stderr, code } = runCli(["libraries", "list"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).not.toMatch(ansiPattern);
    const lines = stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^KEY\s+LABEL\s+FILTER\s+SNIPPETS\s+TASKS$/);
    expect(lines).toHaveLength(listLibraries().length + 1);
    expect(stdout).toMatch(/^sentence-transformers\s+sentence-transformers\s+yes\s+yes\s/m);
  });

  it("filters with --filter-only, --search and --task, and prints JSON with --json", () => {
    const json = JSON.parse(runCli(["libraries", "list", "--task", "text-to-image", "--json"]).stdout) as {
      key: string;
      tasks: string[];
      hasSnippets: boolean;
    }[];
    expect(json.map((library) => library.key)).toEqual(listLibraries({ task: "text-to-image" }).map((library) => library.key));
    expect(json.every((library) => typeof library.hasSnippets === "boolean")).toBe(true);
    const filtered = JSON.parse(runCli(["libraries", "list", "--filter-only", "--search", "sentence", "--json"]).stdout) as { key: string }[];
    expect(filtered.map((library) => library.key)).toEqual(listLibraries({ filterOnly: true, search: "sentence" }).map((library) => library.key));
  });

  it("exits 1 with a hint when nothing matches", () => {
    const { stdout, stderr, code } = runCli(["libraries", "list", "--search", "no-such-library-anywhere"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneLine(stderr, "no library matches");
  });
});

describe("hub-snippets library show", () => {
  it("prints every field, the tasks and whether it has snippets", () => {
    const { stdout, code } = runCli(["library", "show", "timm"]);
    expect(code).toBe(0);
    for (const text of ["pytorch-image-models", "https://huggingface.co/docs/hub/timm", "image-classification", "loading snippets"])
      expect(stdout).toContain(text);
  });

  it("prints what the recipe was last checked against, when and how, on one line (issues 34, 43)", () => {
    const { stdout, code } = runCli(["library", "show", "timm"]);
    expect(code).toBe(0);
    const checked = listLibraries().find((library) => library.key === "timm")!.checked!;
    expect(stdout).toContain(`recipe checked  timm ${checked.version} on ${checked.date}: its calls checked against the package's source`);
    const read = runCli(["library", "show", "moshi"]).stdout;
    expect(read).toContain("read in the library's code, not run");
  });

  it("prints the entry as JSON with --json", () => {
    const json = JSON.parse(runCli(["library", "show", "sentence-transformers", "--json"]).stdout) as Record<string, unknown>;
    const { checked, ...entry } = listLibraries().find((library) => library.key === "sentence-transformers")!;
    expect(json).toEqual({
      ...entry,
      checked: { package: checked!.package, version: checked!.version, date: checked!.date, proof: checked!.proof },
      hasSnippets: true,
    });
  });

  it("exits 1 and names the nearest keys for an unknown one", () => {
    const { stdout, stderr, code } = runCli(["library", "show", "sentence-transformer"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneLine(stderr, "unknown library 'sentence-transformer'", "sentence-transformers");
  });
});

describe("hub-snippets snippet --library", () => {
  const expected = getLibrarySnippets(ModelRecordSchema.parse(JSON.parse(readFileSync(fixture, "utf8"))));

  it("prints the one loading snippet of the model's library alone, as a file that runs", () => {
    const { stdout, stderr, code } = runCli(["snippet", fixture, "--library"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(expected).toHaveLength(1);
    expect(stdout).toBe(`${withInstallLine(expected[0]!)}\n`);
  });

  it("prints [{kind: library, language, client: <library>, content}] with --json, and bare code with --lang and --client", () => {
    expect(JSON.parse(runCli(["snippet", fixture, "--library", "--json"]).stdout)).toEqual(expected.map((snippet) => ({ kind: "library", ...snippet })));
    const bare = runCli(["snippet", fixture, "--library", "--lang", "python", "--client", "sentence-transformers"]);
    expect(bare.stdout).toBe(`${withInstallLine(expected[0]!)}\n`);
  });

  it("exits 1 with one line when the record names no library", () => {
    const { stdout, stderr, code } = runCli([
      "snippet",
      record("no-library", {
        id: "acme/model",
        pipeline_tag: "text-classification",
      }),
      "--library",
    ]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneLine(stderr, "acme/model", "library_name");
  });

  it("exits 1 and names where to read about a library without a recipe", () => {
    const { stdout, stderr, code } = runCli(["snippet", record("no-recipe", { id: "acme/song", library_name: "acestep" }), "--library"]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expectOneLine(stderr, "no loading snippet for ACE-Step", "https://github.com/ace-step/ACE-Step");
  });

  it("refuses inference options with exit 2", () => {
    for (const extra of [["--stream"], ["--bill-to", "acme"], ["--provider", "auto"], ["--direct"]]) {
      const { stdout, stderr, code } = runCli(["snippet", fixture, "--library", ...extra]);
      expect(code, extra.join(" ")).toBe(2);
      expect(stdout).toBe("");
      expectOneLine(stderr, "no meaning with --library");
    }
  });

  it("without --library prints the inference snippets and the library's own code, each under its heading", () => {
    const { stdout, code } = runCli(["snippet", fixture]);
    expect(code).toBe(0);
    expect(stdout).toContain("## Inference\n");
    expect(stdout).toContain("import requests");
    expect(stdout).toContain("## Library: sentence-transformers\n");
    expect(stdout.indexOf("## Library: sentence-transformers")).toBeGreaterThan(stdout.indexOf("import requests"));
    for (const snippet of expected) expect(stdout).toContain(`# python/sentence-transformers\n${withInstallLine(snippet)}\n`);
  });
});

describe("GGUF, the file format the Hub lists as a library", () => {
  it("library show gguf says what GGUF is and where its loading code comes from", () => {
    const { stdout, code } = runCli(["library", "show", "gguf"]);
    expect(code).toBe(0);
    for (const text of ["GGUF", "file format", "llama-cpp-python", "https://huggingface.co/docs/hub/gguf", "snippet <model.json> --library"])
      expect(stdout).toContain(text);
  });

  it("libraries list marks it as a file format with snippets", () => {
    const { stdout } = runCli(["libraries", "list", "--search", "gguf"]);
    expect(stdout).toMatch(/^gguf\s+GGUF \(file format\)\s+yes\s+yes/m);
  });
});
