import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { hasTool } from "../helpers/tools.js";

const corpus = snippetCorpus();
const dir = mkdtempSync(join(tmpdir(), "snippet-style-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const extension = { js: "mjs", python: "py", sh: "sh" } as const;
const name = (entry: CorpusEntry) => `${entry.kind}.${entry.optionSet}.${entry.snippet.client}.${extension[entry.snippet.language]}`;
const of = (language: "js" | "python" | "sh") => corpus.filter((entry) => entry.snippet.language === language);
for (const entry of corpus) writeFileSync(join(dir, name(entry)), `${entry.snippet.content}\n`, "utf8");

/** Compiles every file as an ES module in one process (one `node --check` per file costs ~50 ms each). */
function moduleSyntaxErrors(files: string[]): string {
  const script = [
    'const { readFileSync } = require("node:fs");',
    'const { SourceTextModule } = require("node:vm");',
    "for (const file of process.argv.slice(1)) {",
    "  try { new SourceTextModule(readFileSync(file, 'utf8'), { identifier: file }); }",
    "  catch (error) { console.log(file + ': ' + error.message); }",
    "}",
  ].join("\n");
  const result = spawnSync(process.execPath, ["--experimental-vm-modules", "--no-warnings", "-e", script, ...files], { encoding: "utf8", timeout: 60_000 });
  return result.stdout + result.stderr;
}

describe("every generated snippet parses and is formatter-clean", () => {
  it("covers every kind, client and option set", () => {
    console.log(`snippet corpus: ${corpus.length} snippets (js ${of("js").length}, python ${of("python").length}, sh ${of("sh").length})`);
    expect(corpus.length).toBeGreaterThan(300);
  });

  it("JavaScript parses as an ES module (V8's own parser, as node --check)", () => {
    expect(moduleSyntaxErrors(of("js").map((entry) => join(dir, name(entry))))).toBe("");
  });

  it("the module check catches a syntax error", () => {
    const broken = join(dir, "broken.mjs");
    writeFileSync(broken, "const x = ;\n");
    expect(moduleSyntaxErrors([broken])).toContain("broken.mjs");
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
    const files = of("python").map((entry) => join(dir, name(entry)));
    const script = "import ast, sys\nfor path in sys.argv[1:]:\n    ast.parse(open(path, encoding='utf-8').read(), path)";
    const result = spawnSync("python3", ["-c", script, ...files], { encoding: "utf8", timeout: 60_000 });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });

  it.skipIf(!hasTool("black"))("Python passes black --check", () => {
    const files = of("python").map((entry) => join(dir, name(entry)));
    const result = spawnSync("black", ["--check", "--quiet", ...files], { encoding: "utf8", timeout: 120_000 });
    const diff = result.status === 0 ? "" : spawnSync("black", ["--diff", "--quiet", ...files], { encoding: "utf8" }).stdout.slice(0, 4000);
    expect(result.status, `${result.stderr}\n${diff}`).toBe(0);
  });

  it("shell passes bash -n", () => {
    const files = of("sh").map((entry) => join(dir, name(entry)));
    const result = spawnSync("bash", ["-c", 'for f; do bash -n "$f" || echo "FAILED $f"; done', "check", ...files], { encoding: "utf8", timeout: 60_000 });
    expect(result.stdout + result.stderr).toBe("");
  });

  it.skipIf(!hasTool("shellcheck"))("shell passes shellcheck", () => {
    const files = of("sh").map((entry) => join(dir, name(entry)));
    const result = spawnSync("shellcheck", ["--shell=bash", ...files], { encoding: "utf8", timeout: 120_000 });
    expect(result.stdout.slice(0, 4000)).toBe("");
    expect(result.status).toBe(0);
  });
});
