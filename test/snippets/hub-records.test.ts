import { describe, expect, it } from "vitest";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { runCli } from "../helpers/cli.js";
import { hubRecordExpectations, hubRecordFile, hubRecordNames, readHubRecord, type SnippetSelector } from "../helpers/hub-records.js";
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

/** Whether a text holds a check's text: `/…/flags` is a regular expression, anything else a substring. */
function holds(text: string, wanted: string): boolean {
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(wanted);
  return regex ? new RegExp(regex[1]!, regex[2]).test(text) : text.includes(wanted);
}

/** The apps an answer offers: those of its app snippets and of its "also runs in: …" line. */
function appsOf(snippets: JsonSnippet[], stderr: string): Set<string> {
  const also =
    /also runs in: ([^(\n]+) \(snippet --app/
      .exec(stderr)?.[1]
      ?.split(",")
      .map((key) => key.trim()) ?? [];
  return new Set([...snippets.filter((s) => s.kind === "app").map((s) => s.client), ...also]);
}

const rawClients = new Set(["fetch", "requests", "curl"]);

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

    it.skipIf(!expected.appsOffered && !expected.appsNever && !expected.stderrNever)("offers the apps that run it, and says nothing misleading", () => {
      const apps = appsOf(snippets, result.stderr);
      for (const app of expected.appsOffered ?? []) expect(apps.has(app), `${app} not offered: ${[...apps].join(", ")}`).toBe(true);
      for (const app of expected.appsNever ?? []) expect(apps.has(app), `${app} offered`).toBe(false);
      for (const text of expected.stderrNever ?? []) expect(result.stderr).not.toContain(text);
    });

    describe.skipIf(!expected.runs)("further runs", () => {
      it.each((expected.runs ?? []).map((run) => [run.args.join(" "), run] as const))("snippet <record> %s", (_label, run) => {
        const outcome = runCli(["snippet", file, ...run.args]);
        const said = `exit ${outcome.code}\n${outcome.stdout}\n${outcome.stderr}`;
        if (run.exit !== undefined) expect(outcome.code, said).toBe(run.exit);
        for (const text of run.stdout ?? []) expect(holds(outcome.stdout, text), `stdout lacks ${text}\n${said}`).toBe(true);
        for (const text of run.stdoutNever ?? []) expect(holds(outcome.stdout, text), `stdout holds ${text}\n${said}`).toBe(false);
        for (const text of run.stderr ?? []) expect(holds(outcome.stderr, text), `stderr lacks ${text}\n${said}`).toBe(true);
        for (const text of run.stderrNever ?? []) expect(holds(outcome.stderr, text), `stderr holds ${text}\n${said}`).toBe(false);
      });
    });

    it("loads the model in its own library, with the access note of a gated or private model", () => {
      const library = ofKind("library");
      expect(library[0]?.client ?? null).toBe(expected.library);
      for (const snippet of library) expect(/^# (Gated|Private) model/m.test(snippet.content), snippet.client).toBe(expected.gated);
    });
  });
});
