import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { afterAll, describe, expect, it } from "vitest";
import { providerCorpus, snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { bashSyntaxErrors, blackProblems, jsModuleErrors, pythonAstErrors, shellcheckProblems } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { listProviders } from "../../src/catalogue/providers.js";
import { inferenceKinds } from "../../src/catalogue/inference-kinds.js";

const corpus = [...snippetCorpus(), ...providerCorpus()];
const dir = mkdtempSync(join(tmpdir(), "snippet-style-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const extension = { js: "mjs", python: "py", sh: "sh" } as const;
const name = (entry: CorpusEntry) => `${entry.kind}.${entry.optionSet.replace(":", "-")}.${entry.snippet.client}.${extension[entry.snippet.language]}`;
const of = (language: "js" | "python" | "sh") => corpus.filter((entry) => entry.snippet.language === language);
const files = (language: "js" | "python" | "sh") => of(language).map((entry) => join(dir, name(entry)));
for (const entry of corpus) writeFileSync(join(dir, name(entry)), `${entry.snippet.content}\n`, "utf8");

describe("every generated snippet parses and is formatter-clean", () => {
  it("covers every kind, client and option set", () => {
    console.log(`snippet corpus: ${corpus.length} snippets (js ${of("js").length}, python ${of("python").length}, sh ${of("sh").length})`);
    expect(corpus.length).toBeGreaterThan(300);
  });

  it("covers every provider of the table on every task it serves", () => {
    const seen = new Set(
      corpus.map((entry) => `${entry.optionSet.split(":")[1] ?? "hf-inference"} ${entry.kind === "conversational-vision" ? "conversational" : entry.kind}`),
    );
    const missing = listProviders().flatMap((provider) =>
      provider.tasks
        .filter((task) => (inferenceKinds as readonly string[]).includes(task) || task === "conversational")
        .filter((task) => !seen.has(`${provider.id} ${task}`))
        .map((task) => `${provider.id} ${task}`),
    );
    expect(missing).toEqual([]);
  });

  // fal_client is not in the local package index, so its snippets are parsed and black-checked here but never executed.
  it("holds fal_client snippets, for fal-ai only", () => {
    const fal = corpus.filter((entry) => entry.snippet.client === "fal_client");
    expect(fal.length).toBeGreaterThan(0);
    expect(fal.every((entry) => entry.optionSet === "direct:fal-ai")).toBe(true);
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
