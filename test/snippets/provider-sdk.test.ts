import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProviders } from "../../src/catalogue/providers.js";
import { providerCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { HF_TOKEN, PROVIDER_KEY, providerOf, sdkProblems } from "../helpers/provider-sdk-checks.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";
import { providerResponder, sdkSample } from "../helpers/sdk-responder.js";

/*
 * The JavaScript SDK snippets (huggingface.js, openai) of every provider of the table run unchanged on the real
 * @huggingface/inference and openai packages, their fetch sent to a recorder that answers as that provider does
 * (the Hub's provider mapping first, then the provider's own answer: job receipts, status polls, media links).
 * Checked: method, path, authorization, that the example travels in the body, and what the snippet made of the
 * answer (printed it, or saved the media it downloaded). sdkSample keeps every provider × task once per SDK.
 */

const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));
const WORKERS = 2;

const entries = sdkSample(
  providerCorpus().filter((entry) => entry.snippet.language === "js" && (entry.snippet.client === "huggingface.js" || entry.snippet.client === "openai")),
);
const label = (entry: CorpusEntry) => `${entry.kind} [${entry.optionSet}] js/${entry.snippet.client}`;

let pool: RecorderPool | undefined;
let outcomes: PoolOutcome[] = [];

describe("every provider's JavaScript SDK snippets run on the real packages against the recorder", () => {
  beforeAll(async () => {
    pool = await RecorderPool.start(WORKERS);
    const keys = Object.fromEntries(listProviders().map((provider) => [provider.apiKeyEnv, PROVIDER_KEY]));
    outcomes = await pool.runAll(
      entries.map((entry) => ({
        snippet: entry.snippet,
        responder: providerResponder(entry.kind, providerOf(entry)),
        env: { ...keys, HF_TOKEN },
        timeoutMs: 30_000,
        redirect: { nodeArgs: ["--import", preload] },
      })),
    );
  }, 300_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
    const ran = (client: string) => entries.filter((entry, index) => entry.snippet.client === client && outcomes[index]?.ok).length;
    console.log(`executed ${ran("huggingface.js")} huggingface.js and ${ran("openai")} openai provider snippets against 127.0.0.1`);
  });

  it("covers every provider of the table and every task it serves, per SDK", () => {
    const all = providerCorpus().filter((entry) => entry.snippet.language === "js");
    for (const client of ["huggingface.js", "openai"]) {
      const wanted = new Set(all.filter((entry) => entry.snippet.client === client).map((entry) => `${providerOf(entry)} ${entry.kind}`));
      const run = new Set(entries.filter((entry) => entry.snippet.client === client).map((entry) => `${providerOf(entry)} ${entry.kind}`));
      expect(
        [...wanted].filter((call) => !run.has(call)),
        client,
      ).toEqual([]);
    }
    const providers = new Set(entries.map(providerOf));
    expect(
      listProviders()
        .filter((provider) => provider.id !== "hf-inference" && !providers.has(provider.id))
        .map((provider) => provider.id),
    ).toEqual([]);
  });

  entries.forEach((entry, index) => {
    it(label(entry), () => {
      const problems = sdkProblems(entry, outcomes[index]);
      const outcome = outcomes[index];
      const detail = outcome?.ok
        ? `\n--- snippet ---\n${entry.snippet.content}\n--- requests ---\n${outcome.requests.map((sent) => `${sent.method} ${sent.path}`).join("\n")}\n--- stderr ---\n${outcome.run.stderr.slice(0, 1500)}`
        : "";
      expect(problems, `${label(entry)}${detail}`).toEqual([]);
    });
  });
});
