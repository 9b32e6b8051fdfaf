import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getLibrarySnippets, libraryKeysWithRecipes } from "../../src/snippets/libraries/snippets.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";

/*
 * Library snippets run, unchanged, on the real libraries: for each installable library, tiny random models of the
 * right architecture are made by the library itself (test/python/tiny_models.py) and stored in a temporary Hugging
 * Face cache under the fixture record's model id; the snippet then runs with HF_HUB_OFFLINE=1 and that cache, and
 * must load the model and run its example. No network: offline mode, and a proxy that refuses every connection.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const tinyModels = fileURLToPath(new URL("../python/tiny_models.py", import.meta.url));
const RUN_TIMEOUT_MS = 180_000;

type TinyModel = { kind: string; repo: string } & Record<string, unknown>;

/** The fixtures executed, and the tiny models each needs (the repo ids its snippets load). */
const executions: Record<string, TinyModel[]> = {
  "transformers-text-generation-chat": [{ kind: "causal-lm", repo: "Qwen/Qwen2.5-0.5B-Instruct", chat: true }],
  "transformers-text-generation-base": [{ kind: "causal-lm", repo: "openai-community/gpt2" }],
  "transformers-conversational-no-template": [{ kind: "causal-lm", repo: "microsoft/DialoGPT-medium" }],
  "transformers-fill-mask": [{ kind: "masked-lm", repo: "google-bert/bert-base-uncased" }],
  "transformers-no-info-from-task": [{ kind: "sequence-classification", repo: "distilbert/distilbert-base-uncased-finetuned-sst-2-english" }],
  "sentence-transformers": [{ kind: "sentence-transformers", repo: "sentence-transformers/all-MiniLM-L6-v2" }],
  "peft-causal-lm": [
    { kind: "causal-lm", repo: "facebook/opt-350m" },
    { kind: "peft-lora", repo: "ybelkada/opt-350m-lora", base: "facebook/opt-350m" },
  ],
  sklearn: [{ kind: "sklearn", repo: "julien-c/wine-quality", file: "sklearn_model.joblib", features: 11 }],
};

/**
 * The libraries whose snippets run here (test/python/requirements-libraries.txt). Of the other 121 with a recipe,
 * most are not on the machine's package index; these are, but their snippets cannot run here (found by trying).
 */
const installable = ["peft", "sentence-transformers", "sklearn", "transformers"];
const installableButNotRunnable: Record<string, string> = {
  timm: "needs torchvision, whose 0.28/0.29 builds do not load against this torch (operator torchvision::nms)",
  open_clip: "needs torchvision, as timm does",
  keras: "loading from hf:// needs TensorFlow's gfile, and TensorFlow is not on the index",
  bm25s: "BM25HF.load_from_hub asks the Hub API even in offline mode",
  spacy: "the model is a pip wheel from the Hub: installing it needs the network",
};

const available = venvHas(["transformers", "sentence_transformers", "peft", "sklearn", "joblib"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries");
const record = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${name}.json`), "utf8")));

describe.skipIf(!available)("library snippets run on the real libraries, against tiny local models", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-run-"));
  const cache = join(scratch, "hub");
  const runs = new Map<string, SnippetRun[]>();
  let built = "";

  beforeAll(async () => {
    const spec = join(scratch, "models.json");
    writeFileSync(spec, JSON.stringify(Object.values(executions).flat()));
    const result = spawnSync(librariesPython, [tinyModels, cache, spec], { encoding: "utf8", env: { ...process.env, HF_HUB_OFFLINE: "1" } });
    built = result.status === 0 ? "" : `tiny models failed: ${result.stderr.slice(-2000)}`;
    if (built) return;
    const env = {
      HF_HUB_OFFLINE: "1",
      HF_HUB_CACHE: cache,
      HF_HOME: join(scratch, "home"),
      HTTP_PROXY: "http://127.0.0.1:9",
      HTTPS_PROXY: "http://127.0.0.1:9",
      TOKENIZERS_PARALLELISM: "false",
    };
    const queue = Object.keys(executions).flatMap((name) => getLibrarySnippets(record(name)).map((snippet) => ({ name, snippet })));
    const work = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const run = await runSnippet(job.snippet, { python: librariesPython, env, timeoutMs: RUN_TIMEOUT_MS });
        runs.set(job.name, [...(runs.get(job.name) ?? []), run]);
      }
    };
    await Promise.all([work(), work()]);
  }, 900_000);

  afterAll(() => {
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
    const executed = new Set(Object.keys(executions).filter((name) => runs.get(name)?.every((run) => run.code === 0)).map((name) => record(name).library_name));
    console.log(
      `library snippets executed on the real libraries: ${executed.size} libraries (${[...executed].sort().join(", ")}) / ${installable.length} installable / ${libraryKeysWithRecipes().length} with a recipe; ` +
        `on the index but not runnable here: ${Object.entries(installableButNotRunnable).map(([key, why]) => `${key} (${why})`).join("; ")}`,
    );
  });

  it("builds the tiny models", () => {
    expect(built).toBe("");
  });

  it("executes every installable library", () => {
    const libraries = new Set(Object.keys(executions).map((name) => record(name).library_name));
    expect([...libraries].sort()).toEqual(installable);
  });

  for (const name of Object.keys(executions)) {
    it(`${name}: every snippet loads the model and runs its example`, () => {
      const results = runs.get(name) ?? [];
      expect(results.length, "snippets run").toBe(getLibrarySnippets(record(name)).length);
      for (const run of results) expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr.slice(-1500) }).toEqual({ code: 0, stderr: "" });
    });
  }
});
