import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { afterAll, expect, it } from "vitest";
import type { Snippet } from "../../src/code/snippet.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "./syntax-checks.js";
import { hasTool } from "./tools.js";

/*
 * The checks every written snippet passes, in one place: JavaScript parses as an ES module (V8's own parser) and is
 * prettier-clean with the default options; Python parses (ast) and passes black; shell passes bash -n and
 * shellcheck. Each suite writes its snippets with writeSnippetFiles, then calls formatterChecks inside its describe.
 */

const extension = { js: "mjs", python: "py", sh: "sh" } as const;

/** A snippet written to a file of its language's extension. */
export interface SnippetFile {
  file: string;
  snippet: Snippet;
}

/** Writes each named snippet (its code and a newline) into a new folder, removed after the suite; `name` has no extension. */
export function writeSnippetFiles(prefix: string, named: readonly { name: string; snippet: Snippet }[]): { directory: string; files: SnippetFile[] } {
  const directory = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  const files = named.map(({ name, snippet }) => {
    const file = join(directory, `${name}.${extension[snippet.language]}`);
    writeFileSync(file, `${snippet.content}\n`, "utf8");
    return { file, snippet };
  });
  return { directory, files };
}

/** The formatter and parser checks over the written snippets (call inside a describe); shellcheck skips `exclude`'s codes. */
export function formatterChecks(written: { directory: string; files: readonly SnippetFile[] }, options: { shellcheckExclude?: string[] } = {}): void {
  const files = (language: Snippet["language"]) => written.files.filter((item) => item.snippet.language === language).map((item) => item.file);

  it("JavaScript parses as an ES module (V8's own parser, as node --check)", () => {
    expect(jsModuleErrors(files("js"))).toEqual([]);
  });

  it("JavaScript passes prettier --check (default options)", async () => {
    const failures: string[] = [];
    for (const { file, snippet } of written.files.filter((item) => item.snippet.language === "js")) {
      const source = `${snippet.content}\n`;
      if ((await prettier.format(source, { parser: "babel" })) !== source) failures.push(file);
    }
    expect(failures).toEqual([]);
  });

  it("Python parses (ast)", () => {
    expect(pythonAstErrors(files("python"))).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", () => {
    expect(blackProblems(written.directory)).toEqual([]);
  });

  it("shell passes bash -n", () => {
    expect(bashSyntaxErrors(files("sh"))).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    expect(shellcheckProblems(files("sh"), options.shellcheckExclude)).toEqual([]);
  });
}
