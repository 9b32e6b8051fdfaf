import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { librariesPython, venvHas } from "../helpers/python-venv.js";
import { removeSnippetDirs, runSnippet, type SnippetRun } from "../helpers/run-snippet.js";
import { runtimesInstalled, runtimesNodeModules } from "../helpers/test-runtimes.js";
import { buildOnnxRepos, clearTransformersJsCache, DOCS_DATASET, transformersJsCache, writeDocsDataset } from "../helpers/transformers-js-repos.js";
import { getLibrarySnippets } from "../helpers/record-twins.js";

/*
 * The transformers.js snippets run as printed, on the real @huggingface/transformers (onnxruntime-node), against the
 * local Hub: each fixture's model is a tiny random model of the right architecture, exported to ONNX
 * (test/python/onnx_models.py) and served as a Hub repository. The redirect preload sends transformers.js's fetches to
 * the hub (which takes their /__host/huggingface.co/ paths); HF_TOKEN is the hub's, which transformers.js sends to
 * huggingface.co. Its file cache, inside the package every run links, is emptied before and after, so every file
 * comes from the hub: the test checks the hub served them and that the cache then holds the served bytes. The audio
 * snippets fetch the docs dataset's WAV (a stereo 44.1 kHz tone here) and decode it with wavefile, as printed.
 * transformers.js and wavefile are installed in test/runtimes/ (scripts/test-runtimes.sh): each run's folder links
 * that node_modules/, so the snippets' bare imports resolve there, unchanged.
 */

const fixturesDir = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));
const preload = fileURLToPath(new URL("../helpers/redirect-fetch.mjs", import.meta.url));
const RUN_TIMEOUT_MS = 120_000;

interface Execution {
  /** The onnx_models.py builder of the fixture's model. */
  kind: string;
  /** The files the run must download from the model's repository. */
  files: string[];
  /** Files of the docs dataset the example reads. */
  inputs?: string[];
  /** What the printed output must show. */
  prints?: RegExp;
}

const textFiles = ["config.json", "onnx/model.onnx", "tokenizer.json", "tokenizer_config.json"];

/** The fixtures run: every one of them. */
const executions: Record<string, Execution> = {
  "transformers.js": { kind: "sequence-classification", files: textFiles, prints: /label: '(NEGATIVE|POSITIVE)', score: / },
  "transformers.js-fill-mask": { kind: "masked-lm", files: textFiles, prints: /sequence: 'the goal of life is / },
  // A random model's answer is arbitrary text: the chat's last message's content, neither the messages nor undefined
  // (what plain text fed to the pipeline gives, its generated_text a string).
  "transformers.js-chat": { kind: "chat", files: [...textFiles, "generation_config.json"], prints: /^(?!undefined\n$)(?!\s*\[)(?![\s\S]*role: ')/ },
  "transformers.js-zero-shot": { kind: "zero-shot", files: textFiles, prints: /labels: \[ '(urgent|not urgent|phone|computer)'/ },
  "transformers.js-object-detection": {
    kind: "object-detection",
    files: ["config.json", "onnx/model.onnx", "preprocessor_config.json"],
    inputs: ["cats.jpg"],
    prints: /label: 'cat',\s+box: \{ xmin: \d+, ymin: \d+, xmax: \d+, ymax: \d+ \}/,
  },
  "transformers.js-no-task": { kind: "voice-activity", files: ["config.json", "onnx/model.onnx"], prints: /model_type: 'silero-vad'/ },
  "transformers.js-speech-recognition": {
    kind: "speech-recognition",
    files: [
      "config.json",
      "generation_config.json",
      "onnx/decoder_model_merged.onnx",
      "onnx/encoder_model.onnx",
      "preprocessor_config.json",
      "tokenizer.json",
      "tokenizer_config.json",
    ],
    inputs: ["jfk.wav"],
    // A random model's transcript is arbitrary text; the output is { text } with a string.
    prints: /^\{\s+text: (['"`]).*\1\s+\}\s*$/s,
  },
  "transformers.js-audio-classification": {
    kind: "audio-classification",
    files: ["config.json", "onnx/model.onnx", "preprocessor_config.json"],
    inputs: ["jfk.wav"],
    prints: /label: '(yes|no|up|down)', score: /,
  },
};

/** Fixtures whose code runs on another package than @huggingface/transformers, which test/runtimes/ does not install. */
const runOnOtherPackages: Record<string, string> = {
  "transformers.js-kokoro": "kokoro-js (the pipeline refuses Kokoro); held to the package's model types by transformers-js-models.test.ts",
};

const allFixtures = readdirSync(fixturesDir)
  .filter((name) => /^transformers\.js.*\.json$/.test(name))
  .map((name) => name.replace(/\.json$/, ""))
  .sort();
const record = (name: string): ModelRecord => ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixturesDir, `${name}.json`), "utf8")));

const available =
  venvHas(["torch", "transformers", "onnx"], librariesPython, "bash scripts/python-venv.sh test/python/requirements-libraries.txt .venv-libraries") &&
  runtimesInstalled(["@huggingface/transformers", "wavefile"], "The transformers.js snippets are");

describe.skipIf(!available)("transformers.js snippets run as printed against the local Hub", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-transformers-js-"));
  const reposDir = join(scratch, "repos");
  const docsDir = join(scratch, "docs");
  const runs = new Map<string, SnippetRun[]>();
  let hub: LocalHub | undefined;
  let built = "";

  beforeAll(async () => {
    const started = performance.now();
    try {
      await buildOnnxRepos(
        reposDir,
        Object.entries(executions).map(([name, execution]) => ({ kind: execution.kind, repo: record(name).id })),
      );
      await writeDocsDataset(docsDir);
    } catch (error) {
      built = `building the repositories failed: ${String((error as { stderr?: string }).stderr ?? error).slice(-2000)}`;
      return;
    }
    const exported = performance.now();
    clearTransformersJsCache();
    hub = await startLocalHub([
      ...Object.keys(executions).map((name) => ({ id: record(name).id, dir: join(reposDir, record(name).id), info: { library_name: "transformers.js" } })),
      { id: DOCS_DATASET, dir: docsDir, type: "dataset" as const },
    ]);
    const env = { HUB_SNIPPETS_TEST_ORIGIN: hub.origin, HF_TOKEN: hub.token };
    const queue = Object.keys(executions).flatMap((name) => getLibrarySnippets(record(name)).map((snippet) => ({ name, snippet })));
    const work = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const run = await runSnippet(job.snippet, { nodeArgs: ["--import", preload], env, timeoutMs: RUN_TIMEOUT_MS, nodeModules: runtimesNodeModules });
        runs.set(job.name, [...(runs.get(job.name) ?? []), run]);
      }
    };
    await Promise.all([work(), work()]);
    console.log(
      `transformers.js: ONNX repositories built in ${((exported - started) / 1000).toFixed(1)} s, snippets run in ${((performance.now() - exported) / 1000).toFixed(1)} s`,
    );
  }, 600_000);

  afterAll(async () => {
    await hub?.close();
    removeSnippetDirs();
    rmSync(scratch, { recursive: true, force: true });
    rmSync(transformersJsCache, { recursive: true, force: true });
    const executed = Object.keys(executions).filter((name) => runs.get(name)?.every((run) => run.code === 0));
    console.log(`transformers.js snippets executed against the local Hub: ${executed.length} of ${allFixtures.length} fixtures`);
  });

  it("builds the repositories", () => {
    expect(built).toBe("");
  });

  it("accounts for every transformers.js fixture", () => {
    expect([...Object.keys(executions), ...Object.keys(runOnOtherPackages)].sort()).toEqual(allFixtures);
  });

  for (const [name, execution] of Object.entries(executions)) {
    it(`${name}: the snippet downloads the model from the hub and prints the pipeline's output`, () => {
      const id = record(name).id;
      const results = runs.get(name) ?? [];
      expect(results.length, "snippets run").toBe(getLibrarySnippets(record(name)).length);
      for (const run of results) {
        expect({ code: run.code, stderr: run.code === 0 ? "" : run.stderr.slice(-1500) }).toEqual({ code: 0, stderr: "" });
        expect(run.stdout).toMatch(execution.prints ?? /./);
      }
      // Every file asked for was served (a range probe counts too); the cache then holds the whole served bytes.
      expect(hub!.downloads(id)).toEqual(expect.arrayContaining(execution.files));
      for (const file of execution.files) {
        expect(readFileSync(join(transformersJsCache, id, file)), `${file} cached as served`).toEqual(readFileSync(join(reposDir, id, file)));
      }
      if (execution.inputs) expect(hub!.downloads(`datasets/${DOCS_DATASET}`)).toEqual(expect.arrayContaining(execution.inputs));
      // Nothing fell outside the hub's routes; the only refusals are optional files a repository lacks (404).
      const refused = hub!.requests.filter((request) => request.unrouted || (request.status >= 400 && request.status !== 404));
      expect(refused, "requests the hub could not answer or refused").toEqual([]);
    });
  }
});
