import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";

const corpus = snippetCorpus();
const dir = mkdtempSync(join(tmpdir(), "snippet-style-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const extension = { js: "mjs", python: "py", sh: "sh" } as const;
const name = (entry: CorpusEntry) => `${entry.kind}.${entry.optionSet}.${entry.snippet.client}.${extension[entry.snippet.language]}`;
const of = (language: "js" | "python" | "sh") => corpus.filter((entry) => entry.snippet.language === language);
const files = (language: "js" | "python" | "sh") => of(language).map((entry) => join(dir, name(entry)));
for (const entry of corpus) writeFileSync(join(dir, name(entry)), `${entry.snippet.content}\n`, "utf8");

describe("every generated snippet parses and is formatter-clean", () => {
  it("covers every kind, client and option set", () => {
    console.log(`snippet corpus: ${corpus.length} snippets (js ${of("js").length}, python ${of("python").length}, sh ${of("sh").length})`);
    expect(corpus.length).toBeGreaterThan(300);
  });

  it("JavaScript parses as an ES module (V8's own parser, as node --check)", () => {
    expect(jsModuleErrors(files("js"))).toEqual([]);
  });

  it("the module check catches a syntax error", () => {
    const broken = join(dir, "broken.mjs");
    writeFileSync(broken, "const x = ;\n");
    expect(jsModuleErrors([broken]).join("\n")).toContain("broken.mjs");
    rmSync(broken);
  });

  it("JavaScript passes prettier --check (default options)", async () => {
    const failures: string[] = [];
    for (const entry of of("js")) {
      const source = `${entry.snippet.content}\n`;
      if ((await prettier.format(source, { parser: "babel" })) !== source) failures.push(name(entry));
    }
    expect(failures).toEqual([]);
  });

  it("Python parses (ast)", () => {
    expect(pythonAstErrors(files("python"))).toEqual([]);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", () => {
    expect(blackProblems(dir)).toEqual([]);
  });

  it("shell passes bash -n", () => {
    expect(bashSyntaxErrors(files("sh"))).toEqual([]);
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    expect(shellcheckProblems(files("sh"))).toEqual([]);
  });
});
