import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { providerCorpus, snippetCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { formatterChecks, writeSnippetFiles } from "../helpers/formatter-checks.js";
import { jsModuleErrors } from "../helpers/syntax-checks.js";
import { listProviders } from "../../src/catalogue/providers.js";
import { inferenceKinds } from "../../src/catalogue/inference-kinds.js";

const corpus = [...snippetCorpus(), ...providerCorpus()];
const name = (entry: CorpusEntry) => `${entry.kind}.${entry.optionSet.replace(":", "-")}.${entry.snippet.client}`;
const of = (language: "js" | "python" | "sh") => corpus.filter((entry) => entry.snippet.language === language);
const written = writeSnippetFiles(
  "snippet-style",
  corpus.map((entry) => ({ name: name(entry), snippet: entry.snippet })),
);

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

  it("the module check catches a syntax error", () => {
    const broken = join(written.directory, "broken.mjs");
    writeFileSync(broken, "const x = ;\n");
    expect(jsModuleErrors([broken]).join("\n")).toContain("broken.mjs");
    rmSync(broken);
  });

  formatterChecks(written);
});
