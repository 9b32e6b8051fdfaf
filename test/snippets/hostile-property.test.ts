import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import type { Snippet } from "../../src/code/snippet.js";
import { hostileCase } from "../helpers/hostile-records.js";
import { describeCase, SEED, snippetsOf } from "../helpers/hostile-snippets.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { usesAnsiC } from "../../src/code/literals/shell.js";
import { rawControlCharacters } from "../helpers/terminal-payloads.js";
import { hasTool } from "../helpers/tools.js";

/*
 * Property-based hostile corpus: records whose every snippet-bound field holds arbitrary text, with hostile
 * options. A: in process, many records; B: a batch of records, every snippet parsed and formatter-checked.
 * C (hostile-execution.test.ts) runs a smaller batch. Fixed seeds: CI sees the same cases.
 */

const A_RUNS = 2000;
const B_RECORDS = 150;

const totals = { A: 0, parsed: 0 };
const started = performance.now();
/** Scratch directories, removed at the end of the file even when a filter skips the suite that made them. */
const scratchDirs: string[] = [];

afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`hostile property runs: A=${totals.A}, parsed=${totals.parsed} (${seconds} s)`);
});

/** Code points of a string as U+XXXX, for messages about invisible characters. */
const codePoints = (text: string) => [...text].map((char) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`).join(" ");

function rawNulLines(snippet: Snippet): string[] {
  return snippet.content.split("\n").filter((line) => line.includes("\u0000"));
}

// ---------------------------------------------------------------------------------------------------------------
// A: in process

describe("A: hostile records in process", () => {
  it(`never throws, and JavaScript snippets are ASCII only (${A_RUNS} records)`, () => {
    fc.assert(
      fc.property(hostileCase(), (c) => {
        totals.A += 1;
        const snippets = snippetsOf(c);
        for (const snippet of snippets) {
          if (snippet.content.trim() === "") throw new Error(`${snippet.language}/${snippet.client} snippet is empty`);
          if (snippet.language === "js" && !/^[\x00-\x7f]*$/.test(snippet.content)) {
            const odd = [...snippet.content].filter((char) => char > "\x7f");
            throw new Error(`js/${snippet.client} snippet holds non-ASCII ${codePoints(odd.join("")).slice(0, 200)}`);
          }
        }
      }),
      { seed: SEED, numRuns: A_RUNS },
    );
  });

  it(`no snippet holds a raw NUL (${A_RUNS} records)`, () => {
    fc.assert(
      fc.property(hostileCase(), (c) => {
        totals.A += 1;
        for (const snippet of snippetsOf(c)) {
          const bad = rawNulLines(snippet);
          if (bad.length > 0)
            throw new Error(`${snippet.language}/${snippet.client} holds a raw NUL on: ${bad.map((line) => JSON.stringify(line)).join(" | ")}`);
        }
      }),
      { seed: SEED + 1, numRuns: A_RUNS },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// B: every snippet of a batch of records parses and is formatter-clean

describe("B: hostile snippets parse and are formatter-clean", () => {
  const extension = { js: "mjs", python: "py", sh: "sh" } as const;
  const dir = mkdtempSync(join(tmpdir(), "hostile-syntax-"));
  scratchDirs.push(dir);
  const cases = fc.sample(hostileCase(), { seed: SEED + 2, numRuns: B_RECORDS });
  const files: { path: string; language: Snippet["language"]; content: string; origin: string }[] = [];
  cases.forEach((c, index) => {
    for (const snippet of snippetsOf(c)) {
      const path = join(dir, `r${String(index).padStart(3, "0")}-${c.kind}-${snippet.client.replace(/\W/g, "_")}.${extension[snippet.language]}`);
      const content = `${snippet.content}\n`;
      writeFileSync(path, content, "utf8");
      files.push({ path, language: snippet.language, content, origin: describeCase(c) });
    }
  });
  totals.parsed = files.length;

  const of = (language: Snippet["language"]) => files.filter((file) => file.language === language);
  const paths = (language: Snippet["language"]) => of(language).map((file) => file.path);
  /** The problems, each followed by the record that made the file it names. */
  const explain = (problems: string[]) =>
    problems
      .slice(0, 20)
      .map((problem) => {
        const file = files.find((candidate) => problem.includes(candidate.path));
        return file ? `${problem}\n    from ${file.origin}` : problem;
      })
      .join("\n");

  it("the batch checkers catch broken and badly formatted files (canaries)", () => {
    const canaries = mkdtempSync(join(tmpdir(), "hostile-canary-"));
    try {
      const file = (name: string, content: string) => {
        writeFileSync(join(canaries, name), content);
        return join(canaries, name);
      };
      expect(jsModuleErrors([file("broken.mjs", "const x = ;\n")]).join("\n")).toContain("broken.mjs");
      expect(pythonAstErrors([file("broken.py", "def (:\n")]).join("\n")).toContain("broken.py");
      expect(bashSyntaxErrors([file("broken.sh", "if then\n")]).join("\n")).toContain("broken.sh");
      rmSync(join(canaries, "broken.py"));
      file("unformatted.py", "x = {  'a':1}\n");
      if (hasTool("black")) expect(blackProblems(canaries).join("\n")).toContain("unformatted.py");
      if (hasTool("shellcheck")) expect(shellcheckProblems([file("unquoted.sh", "echo $1\n")], ["SC2016", "SC1003"]).join("\n")).toContain("SC2086");
    } finally {
      rmSync(canaries, { recursive: true, force: true });
    }
  });

  it("the batch covers every language", () => {
    console.log(
      `hostile syntax batch: ${cases.length} records, ${files.length} snippets (js ${of("js").length}, python ${of("python").length}, sh ${of("sh").length})`,
    );
    for (const language of ["js", "python", "sh"] as const) expect(of(language).length).toBeGreaterThan(20);
  });

  it("JavaScript parses as an ES module", () => {
    const problems = jsModuleErrors(paths("js"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it("JavaScript is prettier-clean (default options)", async () => {
    const problems: string[] = [];
    for (const file of of("js")) {
      try {
        if ((await prettier.format(file.content, { parser: "babel" })) !== file.content) problems.push(`${file.path}: prettier would reformat it`);
      } catch (error) {
        problems.push(`${file.path}: prettier cannot parse it: ${(error as Error).message.split("\n")[0]}`);
      }
    }
    expect(problems, explain(problems)).toEqual([]);
  }, 60_000);

  it("Python parses (ast)", () => {
    const problems = pythonAstErrors(paths("python"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it.skipIf(!hasTool("black"))(
    "Python is black-clean",
    () => {
      // Only the Python files: black checks every .py file under the directory.
      const problems = blackProblems(dir);
      expect(problems, explain(problems)).toEqual([]);
    },
    150_000,
  );

  it("no snippet of any client holds a raw control character: the record's text cannot drive the terminal that shows it", () => {
    const problems = files.flatMap((file) => rawControlCharacters(file.content, `${file.path}: `));
    expect(problems, explain(problems)).toEqual([]);
    // The batch did carry terminal escapes: they arrive written as escapes.
    expect(of("sh").some((file) => usesAnsiC(file.content))).toBe(true);
  });

  it("shell passes bash -n", () => {
    const problems = bashSyntaxErrors(paths("sh"));
    expect(problems, explain(problems)).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))(
    "shell passes shellcheck",
    () => {
      // SC2016 ("expressions don't expand in single quotes") and SC1003 ("want to escape a single quote?") are
      // notes that guess the author meant `$x` or `\'` as code: here it is literal data, quoted on purpose.
      const problems = shellcheckProblems(paths("sh"), ["SC2016", "SC1003"]);
      expect(problems, explain(problems)).toEqual([]);
    },
    150_000,
  );
});
