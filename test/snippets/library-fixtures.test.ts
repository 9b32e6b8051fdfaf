import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import { withInstallLine } from "../../src/code/install-line.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { fallbackNotes } from "../../src/libraries/types.js";
import { venvHas, venvPython } from "../helpers/python-venv.js";
import * as prettier from "prettier";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Every registered library against its fixtures: test/fixtures/libraries/<name>.json is a realistic Hub record,
 * <name>.py (or .sh, or .txt when a library writes both) the expected output, human-checked, as the CLI prints
 * it (each snippet under a "# <language>/<library>" line). UPDATE_FIXTURES=1 rewrites the expected files.
 * Every snippet also parses, is black- and pyflakes-clean (Python) or passes bash -n and shellcheck (shell).
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Fixture {
  name: string;
  model: ModelRecord;
  snippets: Snippet[];
}

const fixtures: Fixture[] = readdirSync(fixturesDir)
  .filter((file) => file.endsWith(".json"))
  .sort()
  .map((file) => {
    const model = ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, file), "utf8")));
    return { name: file.slice(0, -".json".length), model, snippets: getLibrarySnippets(model) };
  });

/** The expected output's file: .py or .sh when every snippet is in that language, .txt otherwise. */
function expectedFile(fixture: Fixture): string {
  const languages = new Set(fixture.snippets.map((snippet) => snippet.language));
  const extension = languages.size === 1 && languages.has("sh") ? "sh" : languages.size === 1 && languages.has("python") ? "py" : "txt";
  return join(fixturesDir, `${fixture.name}.${extension}`);
}

const printed = (snippets: Snippet[]) => snippets.map((snippet) => `# ${snippet.language}/${snippet.client}\n${withInstallLine(snippet)}\n`).join("\n");

describe("library snippets: every registered library has a fixture, and each fixture its expected output", () => {
  it("every library with a recipe has at least one fixture record", () => {
    const covered = new Set(fixtures.map((fixture) => fixture.model.library_name));
    expect(libraryKeysWithRecipes().filter((key) => !covered.has(key))).toEqual([]);
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: ${fixture.model.library_name} writes the expected snippets`, () => {
      expect(fixture.snippets.length, "a fixture of a library with a recipe").toBeGreaterThan(0);
      const file = expectedFile(fixture);
      const actual = printed(fixture.snippets);
      if (process.env.UPDATE_FIXTURES === "1") writeFileSync(file, actual);
      expect(existsSync(file), `${file} is missing (UPDATE_FIXTURES=1 writes it; then read it)`).toBe(true);
      expect(actual).toBe(readFileSync(file, "utf8"));
    });
  }
});

describe("library snippets: each fallback note of the specification comes from the record that should produce it", () => {
  const notes: [fixture: string, note: string][] = [
    ["transformers-no-info", fallbackNotes.unknownModelType],
    ["paddlenlp-unknown", fallbackNotes.unknownModelType],
    ["speechbrain-no-interface", fallbackNotes.noInterface],
    ["sklearn-no-file", fallbackNotes.noModelFile],
    ["peft-no-base-model", fallbackNotes.noBaseModel],
    ["diffusers-lora-no-base", fallbackNotes.noBaseModel],
    ["peft-invalid-task", fallbackNotes.invalidTaskType],
  ];

  it.each(notes)("%s: # %s", (name, note) => {
    const fixture = fixtures.find((candidate) => candidate.name === name);
    expect(fixture, `fixture ${name}`).toBeDefined();
    expect(fixture?.snippets.some((snippet) => snippet.content.split("\n").includes(`# ${note}`))).toBe(true);
  });

  it("no fixture with what a generator needs carries a fallback note", () => {
    const withNotes = new Set(notes.map(([name]) => name));
    const noteLines = new Set(Object.values(fallbackNotes).map((note) => `# ${note}`));
    const stray = fixtures.filter(
      (fixture) => !withNotes.has(fixture.name) && fixture.snippets.some((snippet) => snippet.content.split("\n").some((line) => noteLines.has(line))),
    );
    expect(stray.map((fixture) => fixture.name)).toEqual([]);
  });
});

const extensions = { python: "py", sh: "sh", js: "mjs" } as const;

/** Writes every snippet of the fixtures to the scratch folder, one file each, and returns the paths by language. */
function writeAll(): { python: string[]; sh: string[]; js: string[] } {
  const files = { python: [] as string[], sh: [] as string[], js: [] as string[] };
  for (const fixture of fixtures) {
    fixture.snippets.forEach((snippet, index) => {
      const path = join(scratch, `${fixture.name}-${index}.${extensions[snippet.language]}`);
      // As printed: the install comment first, so the formatters and shellcheck see it too.
      writeFileSync(path, `${withInstallLine(snippet)}\n`);
      files[snippet.language].push(path);
    });
  }
  return files;
}

describe("library snippets parse and pass their formatters and linters", () => {
  const files = writeAll();

  it("Python parses (ast)", () => {
    expect(files.python.length).toBeGreaterThan(0);
    expect(pythonAstErrors(files.python)).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", () => {
    const pythonDir = mkdtempSync(join(scratch, "python-"));
    for (const file of files.python) writeFileSync(join(pythonDir, file.split("/").pop() as string), readFileSync(file));
    expect(blackProblems(pythonDir)).toEqual([]);
  });

  it.skipIf(!venvHas(["pyflakes"]))("Python has no undefined name or unused import (pyflakes)", () => {
    const result = spawnSync(venvPython, ["-m", "pyflakes", ...files.python], { encoding: "utf8" });
    expect(`${result.stdout}${result.stderr}`).toBe("");
  });

  it("JavaScript parses as an ES module and is prettier-clean", async () => {
    expect(jsModuleErrors(files.js)).toEqual([]);
    const unformatted: string[] = [];
    for (const file of files.js) {
      const content = readFileSync(file, "utf8");
      if ((await prettier.format(content, { parser: "babel" })) !== content) unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });

  it("shell passes bash -n", () => {
    expect(bashSyntaxErrors(files.sh)).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    expect(shellcheckProblems(files.sh)).toEqual([]);
  });
});
