import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inferenceKinds, inferenceTasks } from "../../src/catalogue/inference-kinds.js";
import { optionSets, snippetCorpus } from "../helpers/corpus.js";
import { corpusCase, packageVersions, problemsOf, pythonSdkJob, report, sdkClients, type SdkClient } from "../helpers/python-sdk-expectations.js";
import { venvHas } from "../helpers/python-venv.js";
import { RecorderPool, type PoolOutcome } from "../helpers/recorder-pool.js";
import { removeSnippetDirs } from "../helpers/run-snippet.js";

/*
 * Runs every python/huggingface_hub and python/openai snippet of the corpus (every kind × option set), unchanged,
 * on the real packages installed in .venv/ by scripts/python-venv.sh, and checks the request each sends.
 */

const WORKERS = 2;
const SUITE_TIMEOUT_MS = 400_000;

const available = venvHas(["huggingface_hub", "openai", "PIL", "numpy"]);
const entries = snippetCorpus().filter((entry) => entry.snippet.language === "python" && (sdkClients as readonly string[]).includes(entry.snippet.client));

let pool: RecorderPool | undefined;
let hfHome = "";
const executed: Record<SdkClient, number> = { huggingface_hub: 0, openai: 0 };

describe.skipIf(!available)("Python SDK snippets run unchanged on the real huggingface_hub and openai", () => {
  beforeAll(async () => {
    hfHome = mkdtempSync(join(tmpdir(), "hub-snippets-hf-home-"));
    pool = await RecorderPool.start(WORKERS);
  });

  afterAll(async () => {
    await pool?.close();
    removeSnippetDirs();
    if (hfHome) rmSync(hfHome, { recursive: true, force: true });
    console.log(
      `executed ${executed.huggingface_hub + executed.openai} Python SDK snippets on ${packageVersions()} against 127.0.0.1 (huggingface_hub ${executed.huggingface_hub}, openai ${executed.openai})`,
    );
  });

  for (const client of sdkClients) {
    describe(client, () => {
      const cases = entries.filter((entry) => entry.snippet.client === client).map(corpusCase);
      let outcomes: PoolOutcome[] = [];

      beforeAll(async () => {
        if (!pool) throw new Error("the recorder pool did not start");
        outcomes = await pool.runAll(cases.map((c) => pythonSdkJob(c, hfHome)));
        executed[client] += outcomes.filter((outcome) => outcome.ok && outcome.run.code === 0).length;
      }, SUITE_TIMEOUT_MS);

      it("runs every kind the client serves, in every option set", () => {
        const kinds = inferenceKinds.filter((kind) => (client === "openai" ? inferenceTasks[kind].request === "chat" : inferenceTasks[kind].pythonMethod));
        expect(new Set(cases.map((c) => c.request.kind))).toEqual(new Set(kinds));
        for (const kind of kinds) {
          const optionSetsRun = cases.filter((c) => c.request.kind === kind).length;
          expect(optionSetsRun, kind).toBe(inferenceTasks[kind].onHfInference ? Object.keys(optionSets).length : Object.keys(optionSets).length - 1);
        }
      });

      cases.forEach((c, index) => {
        it(c.label, () => {
          const problems = problemsOf(c, outcomes[index]);
          expect(problems, report(c, outcomes[index], problems)).toEqual([]);
        });
      });
    });
  }
});
