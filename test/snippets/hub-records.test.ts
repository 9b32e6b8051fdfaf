import { describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import type { ModelRecord } from "../../src/model/record.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import type { ModelSnippets } from "../../src/model-answer/answer.js";
import { hubRecordExpectations, hubRecordNames, readHubRecord, holds, type SnippetSelector } from "../helpers/hub-records.js";
import { allowedProviders, candidateProviders, providersNamedIn } from "../helpers/provider-names.js";

/**
 * The default answer (getModelSnippets, what `snippet <record>` prints) of every record of the corpus of realistic
 * Hub API records (test/fixtures/hub-records/, checked by hub-records-corpus.test.ts) against what expectations.json
 * says it must be, in process. What only the command says (its exit code's stderr line, the further runs) is held by
 * test/cli/hub-records-command.test.ts.
 */
const expectations = hubRecordExpectations();
const names = hubRecordNames();

interface JsonSnippet {
  kind: string;
  language: string;
  client: string;
  content: string;
  install?: string;
}

/** A snippet as a user reads it: its install line, then its code. */
const textOf = (snippet: JsonSnippet) => `${snippet.install ?? ""}\n${snippet.content}`;

/** The snippets a selector (`<kind>:<language>/<client>`, `*` for any, `<kind>:*` for the whole kind) picks. */
function select(snippets: JsonSnippet[], selector: SnippetSelector): JsonSnippet[] {
  const [kind, rest] = selector.split(":");
  const [language, client] = rest === "*" ? ["*", "*"] : (rest ?? "").split("/");
  return snippets.filter((s) => s.kind === kind && (language === "*" || s.language === language) && (client === "*" || s.client === client));
}

/** The apps an answer offers: those of its app snippets and the others it names (the CLI's "also runs in" line). */
function appsOf(answer: ModelSnippets | undefined): Set<string> {
  return new Set([...(answer?.snippets ?? []).filter((s) => s.kind === "app").map((s) => s.client), ...(answer?.otherApps ?? [])]);
}

/** The default answer, or the exit code of the UserError it refuses with. */
function defaultAnswerOf(model: ModelRecord): { code: number; answer?: ModelSnippets } {
  try {
    const answer = getModelSnippets(model);
    return { code: answer.snippets.length > 0 ? 0 : 1, answer };
  } catch (error) {
    if (error instanceof UserError) return { code: error.exitCode };
    throw error;
  }
}

const rawClients = new Set(["fetch", "requests", "curl"]);

describe("the corpus of Hub API records", () => {
  describe.each(names)("%s", (name) => {
    const expected = expectations[name]!;
    const model = readHubRecord(name);
    const result = defaultAnswerOf(model);
    const snippets: JsonSnippet[] = result.answer?.snippets ?? [];
    const ofKind = (kind: string) => snippets.filter((snippet) => snippet.kind === kind);
    const content = (client: string) => snippets.find((snippet) => snippet.kind === "inference" && snippet.client === client)?.content;

    it(`answers with the kinds ${expected.kinds.join(", ") || "none"}, or refuses (exit ${expected.exit}) (${expected.about})`, () => {
      expect(result.code, JSON.stringify(result.answer?.missing)).toBe(expected.exit);
      expect([...new Set(snippets.map((snippet) => snippet.kind))]).toEqual(expected.kinds);
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
      const answer = result.answer;
      expect(answer?.inference?.provider ?? null).toBe(expected.providers.sdk);
      if (expected.providers.sdk === null) return expect(ofKind("inference")).toEqual([]);
      const sdk = content("huggingface_hub") ?? content("huggingface.js");
      if (sdk !== undefined) expect(sdk).toMatch(new RegExp(`provider\\s*[=:]\\s*"${expected.providers.sdk}"`));
      const curl = content("curl");
      if (expected.providers.raw === "router-chat") {
        expect(curl).toContain("https://router.huggingface.co/v1/chat/completions");
        // hf-inference, assumed for a record without a mapping, is named by the router's model suffix.
        expect(curl).toContain(`"model": "${model.id}${expected.providers.sdk === "hf-inference" ? ":hf-inference" : ""}"`);
      } else if (expected.providers.raw !== null) {
        expect(answer?.inference?.routeProvider ?? expected.providers.raw).toBe(expected.providers.raw);
        const route =
          expected.providers.raw === "hf-inference"
            ? "https://router.huggingface.co/hf-inference/"
            : `https://router.huggingface.co/${expected.providers.raw}/`;
        expect(curl).toContain(route);
        if (expected.providers.rawModelId !== null) expect(curl).toContain(expected.providers.rawModelId);
      }
    });

    it("opens its inference code in Python, SDK clients before raw HTTP in each language", () => {
      const inference = ofKind("inference");
      if (inference.length === 0) return;
      expect(inference[0]!.language, inference.map((s) => `${s.language}/${s.client}`).join(", ")).toBe("python");
      for (const language of new Set(inference.map((s) => s.language))) {
        const clients = inference.filter((s) => s.language === language).map((s) => s.client);
        const firstRaw = clients.findIndex((client) => rawClients.has(client));
        if (firstRaw >= 0)
          expect(
            clients.slice(firstRaw).every((client) => rawClients.has(client)),
            `${language}: ${clients.join(", ")}`,
          ).toBe(true);
      }
    });

    it.skipIf(!expected.contains && !expected.lacks)("holds the texts its expectation names, and none it rules out", () => {
      for (const [selector, texts] of Object.entries(expected.contains ?? {})) {
        const picked = select(snippets, selector);
        expect(
          picked.map((s) => s.client),
          `${selector} selects no snippet`,
        ).not.toEqual([]);
        const text = picked.map(textOf).join("\n");
        for (const wanted of texts) expect(holds(text, wanted), `${selector} lacks ${wanted}`).toBe(true);
      }
      for (const [selector, texts] of Object.entries(expected.lacks ?? {})) {
        for (const snippet of select(snippets, selector)) {
          for (const unwanted of texts)
            expect(holds(textOf(snippet), unwanted), `${snippet.kind}:${snippet.language}/${snippet.client} holds ${unwanted}`).toBe(false);
        }
      }
    });

    it.skipIf(!expected.appsOffered && !expected.appsNever)("offers the apps that run it", () => {
      const apps = appsOf(result.answer);
      for (const app of expected.appsOffered ?? []) expect(apps.has(app), `${app} not offered: ${[...apps].join(", ")}`).toBe(true);
      for (const app of expected.appsNever ?? []) expect(apps.has(app), `${app} offered`).toBe(false);
    });

    it("loads the model in its own library, with the access note of a gated or private model", () => {
      const library = ofKind("library");
      expect(library[0]?.client ?? null).toBe(expected.library);
      for (const snippet of library) expect(/^# (Gated|Private) model/m.test(snippet.content), snippet.client).toBe(expected.gated);
    });
  });
});
