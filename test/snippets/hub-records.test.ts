import { describe, expect, it } from "vitest";
import { getModelSnippets } from "../../src/snippets/model-snippets.js";
import { runCli } from "../helpers/cli.js";
import { hubRecordExpectations, hubRecordFile, hubRecordNames, readHubRecord } from "../helpers/hub-records.js";
import { allowedProviders, candidateProviders, providersNamedIn } from "../helpers/provider-names.js";

/**
 * The default `snippet` answer of every record of the corpus of realistic Hub API records (test/fixtures/hub-records/,
 * checked by hub-records-corpus.test.ts) against what expectations.json says it must be.
 */
const expectations = hubRecordExpectations();
const names = hubRecordNames();

interface JsonSnippet {
  kind: string;
  language: string;
  client: string;
  content: string;
}

describe("the corpus of Hub API records", () => {
  describe.each(names)("%s", (name) => {
    const expected = expectations[name]!;
    const file = hubRecordFile(name);
    const model = readHubRecord(name);
    const result = runCli(["snippet", file, "--json"]);
    const snippets = result.code === 0 ? (JSON.parse(result.stdout) as JsonSnippet[]) : [];
    const ofKind = (kind: string) => snippets.filter((snippet) => snippet.kind === kind);
    const content = (client: string) => snippets.find((snippet) => snippet.kind === "inference" && snippet.client === client)?.content;

    it(`exits ${expected.exit} with the kinds ${expected.kinds.join(", ") || "none"} (${expected.about})`, () => {
      expect(result.code, result.stderr).toBe(expected.exit);
      expect([...new Set(snippets.map((snippet) => snippet.kind))]).toEqual(expected.kinds);
      for (const text of expected.stderr) expect(result.stderr).toContain(text);
      if (expected.exit === 1) expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
    });

    it("names no provider that the record shows as absent, staging or erroring", () => {
      const allowed = allowedProviders(model);
      for (const snippet of snippets) {
        const named = providersNamedIn(snippet.content, candidateProviders(model));
        for (const provider of named) expect(allowed.has(provider), `${snippet.language}/${snippet.client} names ${provider}`).toBe(true);
        for (const provider of expected.never) expect(named.has(provider), `${snippet.language}/${snippet.client} names ${provider}`).toBe(false);
      }
    });

    it("leaves the choice to the router in SDK code, and routes raw HTTP calls as the mapping says", () => {
      const answer = getModelSnippets(model);
      expect(answer.inference?.provider ?? null).toBe(expected.providers.sdk);
      if (expected.providers.sdk === null) return expect(ofKind("inference")).toEqual([]);
      const sdk = content("huggingface_hub") ?? content("huggingface.js");
      if (sdk !== undefined) expect(sdk).toMatch(new RegExp(`provider\\s*[=:]\\s*"${expected.providers.sdk}"`));
      const curl = content("curl");
      if (expected.providers.raw === "router-chat") {
        expect(curl).toContain("https://router.huggingface.co/v1/chat/completions");
        // hf-inference, assumed for a record without a mapping, is named by the router's model suffix.
        expect(curl).toContain(`"model": "${model.id}${expected.providers.sdk === "hf-inference" ? ":hf-inference" : ""}"`);
      } else if (expected.providers.raw !== null) {
        expect(answer.inference?.routeProvider ?? expected.providers.raw).toBe(expected.providers.raw);
        const route = expected.providers.raw === "hf-inference" ? "https://router.huggingface.co/hf-inference/" : `https://router.huggingface.co/${expected.providers.raw}/`;
        expect(curl).toContain(route);
        if (expected.providers.rawModelId !== null) expect(curl).toContain(expected.providers.rawModelId);
      }
    });

    it("loads the model in its own library, with the access note of a gated or private model", () => {
      const library = ofKind("library");
      expect(library[0]?.client ?? null).toBe(expected.library);
      for (const snippet of library) expect(/^# (Gated|Private) model/m.test(snippet.content), snippet.client).toBe(expected.gated);
    });
  });
});
