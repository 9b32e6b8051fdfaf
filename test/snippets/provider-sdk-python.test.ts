import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tmpdir } from "node:os";
import { listProviders } from "../../src/catalogue/providers.js";
import { providerCorpus, type CorpusEntry } from "../helpers/corpus.js";
import { HF_TOKEN, PROVIDER_KEY, isDirect, providerOf, sdkProblems, type SdkDifferences } from "../helpers/provider-sdk-checks.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";
import { mediaOutputOf, pngOutput, providerModelId, providerResponder, sdkSample } from "../helpers/sdk-responder.js";

/*
 * The Python SDK snippets (huggingface_hub, openai) of every provider of the table run unchanged on the real
 * packages in .venv/ (scripts/python-venv.sh), their HTTP client sent by ./python-redirect to a recorder that answers as that provider does
 * (the Hub's provider mapping first, then the provider's own answer: job receipts, status polls, media links).
 * Checked: method, path, authorization, that the example travels in the body, and what the snippet made of the
 * answer (printed it, or saved the media it downloaded). sdkSample keeps every provider × task once per SDK.
 */

const available = venvHas(["huggingface_hub", "openai", "PIL"]);
const WORKERS = 2;

const entries = sdkSample(
  providerCorpus().filter((entry) => entry.snippet.language === "python" && (entry.snippet.client === "huggingface_hub" || entry.snippet.client === "openai")),
  { directChat: false },
);
const label = (entry: CorpusEntry) => `${entry.kind} [${entry.optionSet}] python/${entry.snippet.client}`;

/** Where huggingface_hub calls another route of the provider than our raw clients (and huggingface.js), and why. */
const pythonRoutes: Record<string, { why: string; path: (modelId: string) => string }> = {
  "fal-ai text-to-image": { why: "huggingface_hub calls fal's synchronous host, not the queue", path: (id) => `/__host/router.huggingface.co/fal-ai/${id}` },
  "novita text-to-video": {
    why: "huggingface_hub posts to Novita's synchronous /v3/hf route",
    path: (id) => `/__host/router.huggingface.co/novita/v3/hf/${id}`,
  },
  "novita text-generation": {
    why: "huggingface_hub posts the prompt to Novita's completions route, ours as a chat message",
    path: () => "/__host/router.huggingface.co/novita/v3/openai/completions",
  },
};

const pythonDifferences: SdkDifferences = {
  route: (entry) => {
    const differs = pythonRoutes[`${providerOf(entry)} ${entry.kind}`];
    return differs && !isDirect(entry) && entry.snippet.client === "huggingface_hub" ? differs.path(providerModelId(entry.kind, providerOf(entry))) : undefined;
  },
  // An image comes back as a PIL image and is saved anew: compare the PNG header (size and colour type), not the bytes.
  sameMedia: (request, written, entry) =>
    request.spec.response === "image" ? written.subarray(0, 26).equals(pngOutput.subarray(0, 26)) : written.equals(mediaOutputOf(entry.kind)),
  // huggingface_hub prints the segmentation mask as the PIL image it decoded from the answer's PNG.
  marker: (entry) => (entry.kind === "image-segmentation" ? "size=2x1" : undefined),
};

let pool: RecorderPool | undefined;
let outcomes: PoolOutcome[] = [];

let hfHome = "";

describe.skipIf(!available)("every provider's Python SDK snippets run on the real packages against the recorder", () => {
  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(WORKERS);
    const keys = Object.fromEntries(listProviders().map((provider) => [provider.apiKeyEnv, PROVIDER_KEY]));
    outcomes = await pool.runAll(
      entries.map((entry) => ({
        snippet: entry.snippet,
        responder: providerResponder(entry.kind, providerOf(entry)),
        env: { ...keys, HF_TOKEN, HF_HOME: hfHome, PYTHONPATH: pythonRedirect },
        timeoutMs: 30_000,
        redirect: { python: venvPython },
      })),
    );
  }, 300_000);

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
    const ran = (client: string) => entries.filter((entry, index) => entry.snippet.client === client && outcomes[index]?.ok).length;
    console.log(`executed ${ran("huggingface_hub")} huggingface_hub and ${ran("openai")} openai Python provider snippets against 127.0.0.1`);
  });

  it("covers every provider of the table and every task it serves, per SDK", () => {
    const all = providerCorpus().filter((entry) => entry.snippet.language === "python");
    for (const client of ["huggingface_hub", "openai"]) {
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

  // fal_client is not in the local Python index, so its snippets are not executed here: their calls
  // (fal_client.upload_file(path), fal_client.submit(application, arguments=...), handle.get(), key in FAL_KEY)
  // were checked against fal_client's documentation; this keeps them to that API.
  it("fal_client snippets keep to the documented fal_client API (not installable here, so not executed)", () => {
    const fal = providerCorpus().filter((entry) => entry.snippet.client === "fal_client");
    expect(fal.length).toBeGreaterThan(0);
    for (const entry of fal) {
      expect(entry.snippet.content).toMatch(/handle = fal_client\.submit\(\n {4}"[^"]+",\n {4}arguments=\{/);
      expect(entry.snippet.content).toContain("result = handle.get()");
      // fal's own FAL_KEY when set, else huggingface.js's FAL_AI_API_KEY (issue 56, 22).
      expect(entry.snippet.content).toContain('if "FAL_KEY" not in os.environ:\n    os.environ["FAL_KEY"] = os.environ["FAL_AI_API_KEY"]');
    }
  });

  entries.forEach((entry, index) => {
    it(label(entry), () => {
      const problems = sdkProblems(entry, outcomes[index], pythonDifferences);
      const outcome = outcomes[index];
      const detail = outcome?.ok
        ? `\n--- snippet ---\n${entry.snippet.content}\n--- requests ---\n${outcome.requests.map((sent) => `${sent.method} ${sent.path}`).join("\n")}\n--- stderr ---\n${outcome.run.stderr.slice(0, 1500)}`
        : "";
      expect(problems, `${label(entry)}${detail}`).toEqual([]);
    });
  });
});
