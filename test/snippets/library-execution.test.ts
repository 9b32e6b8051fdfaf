import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { libraryKeysWithRecipes } from "../../src/libraries/snippets.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { installedNames, librariesRequirements, pypiName, requirementNames } from "../helpers/package-names.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * Library snippets run, unchanged, on the real libraries, online: for each installable library, tiny random models of
 * the right architecture are made by the library itself (test/python/tiny_models.py) as the files of a repository
 * named by the fixture record's model id; the suite's local Hub (test/helpers/local-hub.ts) serves them, and the
 * snippet runs with HF_ENDPOINT pointing there and an empty cache of its own: it must download the model (the hub's
 * log shows which files) and run its example. Nothing else is reachable: a proxy refuses every other connection.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const tinyModels = fileURLToPath(new URL("../python/tiny_models.py", import.meta.url));
const RUN_TIMEOUT_MS = 180_000;

type TinyModel = { kind: string; repo: string } & Record<string, unknown>;

/** The files each fixture's snippets must have downloaded from the local Hub, by repository. */
const expectedDownloads: Record<string, string[]> = {
  "Qwen/Qwen2.5-0.5B-Instruct": ["config.json", "model.safetensors", "tokenizer.json"],
  "openai-community/gpt2": ["config.json", "model.safetensors", "tokenizer.json"],
  "microsoft/DialoGPT-medium": ["config.json", "model.safetensors", "tokenizer.json"],
  "google-bert/bert-base-uncased": ["config.json", "model.safetensors", "tokenizer.json"],
  "distilbert/distilbert-base-uncased-finetuned-sst-2-english": ["config.json", "model.safetensors", "tokenizer.json"],
  "sentence-transformers/all-MiniLM-L6-v2": ["config.json", "model.safetensors", "modules.json"],
  "facebook/opt-350m": ["config.json", "model.safetensors"],
  "ybelkada/opt-350m-lora": ["adapter_config.json", "adapter_model.safetensors"],
  "mistralai/Mistral-7B-v0.1": ["config.json", "model.safetensors"],
  "alignment-handbook/zephyr-7b-sft-qlora": ["adapter_config.json", "adapter_model.safetensors", "tokenizer.json"],
  "julien-c/wine-quality": ["sklearn_model.joblib"],
  "facebook/bart-large-cnn": ["config.json", "model.safetensors", "tokenizer.json"],
  "google-t5/t5-small": ["config.json", "model.safetensors", "tokenizer.json"],
  "google/tapas-base-finetuned-wtq": ["config.json", "model.safetensors", "vocab.txt"],
};

/** The fixtures executed, and the tiny models each needs (the repo ids its snippets load). */
const executions: Record<string, TinyModel[]> = {
  "transformers-text-generation-chat": [{ kind: "causal-lm", repo: "Qwen/Qwen2.5-0.5B-Instruct", chat: true }],
  "transformers-text-generation-base": [{ kind: "causal-lm", repo: "openai-community/gpt2" }],
  "transformers-conversational-no-template": [{ kind: "causal-lm", repo: "microsoft/DialoGPT-medium" }],
  "transformers-fill-mask": [{ kind: "masked-lm", repo: "google-bert/bert-base-uncased" }],
  "transformers-no-info-from-task": [{ kind: "sequence-classification", repo: "distilbert/distilbert-base-uncased-finetuned-sst-2-english" }],
  // transformers v5 has no summarization or translation pipeline: the loading code generates and decodes itself.
  "transformers-summarization": [{ kind: "seq2seq-lm", repo: "facebook/bart-large-cnn", arch: "bart" }],
  "transformers-translation-t5": [{ kind: "seq2seq-lm", repo: "google-t5/t5-small", arch: "t5" }],
  "sentence-transformers": [{ kind: "sentence-transformers", repo: "sentence-transformers/all-MiniLM-L6-v2" }],
  "peft-causal-lm": [
    { kind: "causal-lm", repo: "facebook/opt-350m" },
    { kind: "peft-lora", repo: "ybelkada/opt-350m-lora", base: "facebook/opt-350m" },
  ],
  // The base has no tokenizer here: the snippet must load the adapter's own.
  "peft-own-tokenizer": [
    { kind: "causal-lm", repo: "mistralai/Mistral-7B-v0.1", tokenizer: false },
    { kind: "peft-lora", repo: "alignment-handbook/zephyr-7b-sft-qlora", base: "mistralai/Mistral-7B-v0.1", tokenizer: true },
  ],
  // TAPAS's tokenizer and the table pipeline need pandas; the table is the record's widget table.
  "transformers-table-qa-tapas": [{ kind: "table-qa", repo: "google/tapas-base-finetuned-wtq" }],
  sklearn: [{ kind: "sklearn", repo: "julien-c/wine-quality", file: "sklearn_model.joblib", features: 11 }],
};

/**
 * The libraries whose snippets run here, online against the local Hub: these four in this file, the others in the
 * files named (each asserts its own runs). Of the other libraries with a recipe, most are not on the machine's
 * package index (their download fallbacks run in download-execution.test.ts); these are, but cannot run (tried).
 */
const executedHere = ["peft", "sentence-transformers", "sklearn", "transformers"];
const executedElsewhere: Record<string, string> = {
  bm25s: "library-execution-hub-more.test.ts",
  keras: "library-execution-hub-more.test.ts",
  spacy: "library-execution-hub-more.test.ts",
  "transformers.js": "transformers-js-execution.test.ts",
};
const installable = [...executedHere, ...Object.keys(executedElsewhere)].sort();
const installableButNotRunnable: Record<string, string> = {
  timm: "needs torchvision, whose 0.28/0.29 builds do not load against this torch (operator torchvision::nms)",
  open_clip: "needs torchvision, as timm does",
};

const available = venvHas(
  ["transformers", "sentence_transformers", "peft", "sklearn", "joblib"],
  librariesPython,
  "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries",
);
const record = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${name}.json`), "utf8")));

describe.skipIf(!available)("library snippets run on the real libraries, downloading tiny models from the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-library-run-"));
  const repos = join(scratch, "repos");
  const runs = new Map<string, SnippetRun[]>();
  let hub: LocalHub | undefined;
  let built = "";

  beforeAll(async () => {
    const spec = join(scratch, "models.json");
    writeFileSync(spec, JSON.stringify(Object.values(executions).flat()));
    try {
      await promisify(execFile)(librariesPython, [tinyModels, repos, spec], { env: { ...process.env, HF_HUB_OFFLINE: "1" }, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      built = `tiny models failed: ${String((error as { stderr?: string }).stderr ?? error).slice(-2000)}`;
      return;
    }
    const ids = [...new Set(Object.values(executions).flatMap((models) => models.map((model) => model.repo)))];
    hub = await startLocalHub(ids.map((id) => ({ id, dir: join(repos, id) })));
    let runNumber = 0;
    const queue = Object.keys(executions).flatMap((name) => getLibrarySnippets(record(name)).map((snippet) => ({ name, snippet })));
    const work = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        // Every run starts from an empty cache of its own, so each one downloads what it loads.
        const env = { ...localHubEnv(hub!, join(scratch, `home-${(runNumber += 1)}`)), TOKENIZERS_PARALLELISM: "false" };
        const run = await runSnippet(job.snippet, { python: librariesPython, env, timeoutMs: RUN_TIMEOUT_MS });
        runs.set(job.name, [...(runs.get(job.name) ?? []), run]);
      }
    };
    await Promise.all([work(), work()]);
  }, 900_000);

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
    const executed = new Set(
      Object.keys(executions)
        .filter((name) => runs.get(name)?.every((run) => run.code === 0))
        .map((name) => record(name).library_name),
    );
    console.log(
      `library snippets executed on the real libraries, downloading from the local Hub: ${executed.size + Object.keys(executedElsewhere).length} libraries ` +
        `(${[...executed].sort().join(", ")} here; ${Object.entries(executedElsewhere)
          .map(([key, file]) => `${key} in ${file}`)
          .join(", ")}) / ${installable.length} installable / ${libraryKeysWithRecipes().length} with a recipe; ` +
        `on the index but not runnable here: ${Object.entries(installableButNotRunnable)
          .map(([key, why]) => `${key} (${why})`)
          .join("; ")}`,
    );
  });

  it("builds the tiny models", () => {
    expect(built).toBe("");
  });

  it("installs every package the executed snippets' install lines name (the venv is built from those names)", () => {
    const installed = requirementNames(librariesRequirements);
    const printed = Object.keys(executions).flatMap((name) => getLibrarySnippets(record(name)).flatMap((snippet) => installedNames(snippet.install ?? "").pip));
    expect(printed.length).toBeGreaterThan(0);
    expect(printed.filter((name) => !installed.has(pypiName(name)))).toEqual([]);
  });

  it("executes every installable library, here or in the file named", () => {
    const libraries = new Set(Object.keys(executions).map((name) => record(name).library_name));
    expect([...libraries].sort()).toEqual(executedHere);
    for (const [key, file] of Object.entries(executedElsewhere)) {
      expect(readFileSync(fileURLToPath(new URL(`./${file}`, import.meta.url)), "utf8"), `${file} runs ${key}`).toContain(key);
    }
  });

  for (const name of Object.keys(executions)) {
    it(`${name}: every snippet loads the model and runs its example`, () => {
      const results = runs.get(name) ?? [];
      expect(results.length, "snippets run").toBe(getLibrarySnippets(record(name)).length);
      for (const run of results) expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr.slice(-1500) }).toEqual({ code: 0, stderr: "" });
      for (const { repo } of executions[name]!)
        expect(hub?.downloads(repo), `files downloaded from ${repo}`).toEqual(expect.arrayContaining(expectedDownloads[repo]!));
    });
  }

  it("asks the local Hub only for what it serves (no request falls outside its routes)", () => {
    expect(hub?.requests.filter((request) => request.unrouted).map((request) => `${request.method} ${request.path}`)).toEqual([]);
  });

  it("names the downloads of every repository it serves", () => {
    expect(Object.keys(expectedDownloads).sort()).toEqual(
      [
        ...new Set(
          Object.values(executions)
            .flat()
            .map((model) => model.repo),
        ),
      ].sort(),
    );
  });
});
