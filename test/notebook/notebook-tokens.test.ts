import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { codeCell, type Notebook } from "../../src/notebook/notebook.js";
import { sampleSources } from "../../src/notebook/sample-inputs.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { notebookAnswer } from "../helpers/notebook-answer.js";
import { recordFor } from "../helpers/corpus.js";
import { recordOf, tinyDatasets, writeDatasetRepos } from "../helpers/dataset-repos.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { datasetsPython, notebookKernelsReady, notebookRunner, writeTinyMaskedLm, type Executed } from "../helpers/notebook-runner.js";
import { librariesPython, pythonRedirect, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { sdkResponder } from "../helpers/sdk-responder.js";

/*
 * "Run all" as each runtime's users keep their token (issue 50): the notebooks run on real kernels (nbclient,
 * ipykernel; test/helpers/notebook-runner.ts) five times each, with the token
 *   - in HF_TOKEN (a Jupyter user who exported it);
 *   - in the file `hf auth login` saves (HF_HOME/token), HF_TOKEN unset;
 *   - in Colab's secrets, through a stand-in google.colab.userdata (test/python/standins-runtimes/: that module
 *     exists only on Colab);
 *   - in Kaggle's secrets, through a stand-in kaggle_secrets (likewise, only on Kaggle);
 *   - nowhere.
 * The notebooks: a chat model's inference call (the router), a gated dataset read with pandas and the same dataset's
 * viewer calls with requests, and a gated model's transformers loading code on a tiny model of the local Hub.
 * The first four run every cell, and the stand-in router (the recorder) and the local Hub check that the token
 * they receive is the one set up; the last stops at the token cell with its message, and no later cell runs.
 * HF_TOKEN is removed from the kernel's environment in every setup but the first, whatever the suite's is.
 */

const standins = (runtime: string) => fileURLToPath(new URL(`../python/standins-runtimes/${runtime}`, import.meta.url));
const fillMask = fileURLToPath(new URL("../fixtures/libraries/transformers-fill-mask.json", import.meta.url));

const setups = ["HF_TOKEN", "saved login", "Colab secret", "Kaggle secret", "no token"] as const;
type Setup = (typeof setups)[number];

/** The kernel's environment and PYTHONPATH folders for a setup, with this token where the setup keeps it. */
function tokenSetup(setup: Setup, token: string, home: string): { env: Record<string, string>; path: string[]; unset: string[] } {
  mkdirSync(home, { recursive: true });
  const unset = ["HF_TOKEN", "HUGGING_FACE_HUB_TOKEN"];
  const secrets = JSON.stringify({ HF_TOKEN: token });
  switch (setup) {
    case "HF_TOKEN":
      return { env: { HF_TOKEN: token, HF_HOME: home }, path: [], unset: [] };
    case "saved login":
      writeFileSync(join(home, "token"), token);
      return { env: { HF_HOME: home }, path: [], unset };
    case "Colab secret":
      return { env: { HF_HOME: home, HUB_SNIPPETS_STANDIN_SECRETS: secrets }, path: [standins("colab")], unset };
    case "Kaggle secret":
      return { env: { HF_HOME: home, HUB_SNIPPETS_STANDIN_SECRETS: secrets }, path: [standins("kaggle")], unset };
    case "no token":
      return { env: { HF_HOME: home }, path: [], unset };
  }
}

/** Runs under every setup at once (each kernel is a process of its own, in a folder of its own). */
async function underEverySetup<T>(each: (setup: Setup, index: number) => Promise<T>): Promise<Map<Setup, T>> {
  const results = await Promise.all(setups.map((setup, index) => each(setup, index)));
  return new Map(setups.map((setup, index) => [setup, results[index]!]));
}

/** The cells of a run that ran, in order. */
const ranIds = (run: Executed) => run.cells.filter((cell) => cell.ran).map((cell) => cell.id);

/** A last cell the test adds after the product's cells: it runs only if nothing stopped Run all before it. */
const withEndMarker = (notebook: Notebook): Notebook => ({ ...notebook, cells: [...notebook.cells, codeCell("end-marker", 'print("reached the end")\n')] });

function expectStoppedAtTokenCell(run: Executed): void {
  // The traceback as the notebook shows it, less its colours.
  const error = (run.error ?? "").replace(/\u001b\[[0-9;]*m/g, "");
  expect(error).toMatch(/RuntimeError: No Hugging Face token found/);
  expect(error).toContain("https://huggingface.co/settings/tokens");
  expect(error).toMatch(/on Colab, add a secret named HF_TOKEN.*on Kaggle, add it in Add-ons → Secrets/s);
  const ran = ranIds(run);
  expect(ran.at(-1)).toBe("token-check");
  expect(ran).not.toContain("end-marker");
}

describe.skipIf(!notebookKernelsReady())("notebooks under each runtime's token setup (nbclient, ipykernel)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-notebook-tokens-"));
  const { execute } = notebookRunner(scratch);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe("a chat model's inference calls, against the stand-in router", () => {
    // A token of its own for each setup, by which the router's requests tell which run sent them.
    const tokenOf = (setup: Setup) => `hf_chat_token_${setups.indexOf(setup)}`;
    let runs = new Map<Setup, Executed>();
    let recorder: Recorder | undefined;
    const chatCalls = () => recorder!.requests.filter((request) => request.method === "POST" && request.path.endsWith("/chat/completions"));

    beforeAll(async () => {
      recorder = await startRecorder(sdkResponder("conversational", "python"));
      const notebook = withEndMarker(notebookAnswer(recordFor("conversational"), { client: "huggingface_hub", notebook: true }).notebook!);
      runs = await underEverySetup((setup, index) => {
        const { env, path, unset } = tokenSetup(setup, tokenOf(setup), join(scratch, `chat-${index}`));
        return execute(
          notebook,
          venvPython,
          { ...env, HUB_SNIPPETS_TEST_ORIGIN: recorder!.origin, PYTHONPATH: [...path, pythonRedirect].join(":") },
          { unset },
        );
      });
    }, 600_000);
    afterAll(async () => recorder?.close());

    it.each(setups.filter((setup) => setup !== "no token"))("with the token in %s, runs every cell and the router gets that token", (setup) => {
      const run = runs.get(setup)!;
      expect(run.error ?? null, run.error ?? "").toBeNull();
      expect(ranIds(run)).toContain("end-marker");
      expect(chatCalls().filter((request) => request.headers.authorization === `Bearer ${tokenOf(setup)}`)).toHaveLength(1);
    });

    it("with no token, stops at the token cell with what to do on Colab, Kaggle and Jupyter, and calls nothing", () => {
      expectStoppedAtTokenCell(runs.get("no token")!);
      // One call for each of the four setups with a token, none more.
      expect(chatCalls()).toHaveLength(4);
    });
  });

  describe("a gated dataset read with pandas, against the local Hub", () => {
    const dataset = tinyDatasets().find((candidate) => candidate.gated !== undefined)!;
    let runs = new Map<Setup, Executed>();
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      const started = await startLocalHub(await writeDatasetRepos(join(scratch, "gated-repos"), [dataset], datasetsPython));
      hub = started;
      const notebook = withEndMarker(getDatasetNotebook(recordOf(dataset), { client: "pandas" })!);
      runs = await underEverySetup((setup, index) => {
        const home = join(scratch, `gated-${index}`);
        const { env, path, unset } = tokenSetup(setup, started.token, home);
        const { HF_TOKEN: _dropped, ...hubEnv } = localHubEnv(started, home);
        const pythonPath: Record<string, string> = path.length > 0 ? { PYTHONPATH: path.join(":") } : {};
        return execute(notebook, datasetsPython, { ...hubEnv, ...env, ...pythonPath }, { unset });
      });
    }, 600_000);
    afterAll(async () => hub?.close());

    it.each(setups.filter((setup) => setup !== "no token"))("with the token in %s, reads the gated split's rows", (setup) => {
      const run = runs.get(setup)!;
      expect(run.error ?? null, run.error ?? "").toBeNull();
      expect(run.cells.find((cell) => cell.id === "snippet-1")?.text).toContain("gated-default-train-0-1");
      expect(ranIds(run)).toContain("end-marker");
    });

    it("with no token, stops at the token cell before any download", () => {
      expectStoppedAtTokenCell(runs.get("no token")!);
      expect(hub!.requests.filter((request) => !request.authorized && request.path.includes("tiny-gated"))).toEqual([]);
    });
  });

  describe("a gated dataset's viewer calls with requests, against the stand-in viewer", () => {
    const dataset = tinyDatasets().find((candidate) => candidate.gated !== undefined)!;
    const tokenOf = (setup: Setup) => `hf_viewer_token_${setups.indexOf(setup)}`;
    let runs = new Map<Setup, Executed>();
    let viewer: Recorder | undefined;

    beforeAll(async () => {
      viewer = await startRecorder((request) => ({
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ answered: request.path.split("?")[0] }),
      }));
      const notebook = withEndMarker(getDatasetNotebook(recordOf(dataset), { client: "requests" })!);
      runs = await underEverySetup((setup, index) => {
        const { env, path, unset } = tokenSetup(setup, tokenOf(setup), join(scratch, `viewer-${index}`));
        const redirect = {
          HUB_SNIPPETS_TEST_ORIGIN: viewer!.origin,
          HUB_SNIPPETS_TEST_REDIRECT_REQUESTS: "1",
          PYTHONPATH: [...path, pythonRedirect].join(":"),
        };
        return execute(notebook, datasetsPython, { ...env, ...redirect }, { unset });
      });
    }, 600_000);
    afterAll(async () => viewer?.close());

    it.each(setups.filter((setup) => setup !== "no token"))("with the token in %s, every viewer call carries that token", (setup) => {
      const run = runs.get(setup)!;
      expect(run.error ?? null, run.error ?? "").toBeNull();
      const calls = viewer!.requests.filter((request) => request.headers.authorization === `Bearer ${tokenOf(setup)}`);
      expect(calls.map((request) => request.path.split("?")[0])).toEqual([
        "/__host/datasets-server.huggingface.co/splits",
        "/__host/datasets-server.huggingface.co/first-rows",
        "/__host/datasets-server.huggingface.co/search",
      ]);
      expect(ranIds(run)).toContain("end-marker");
    });

    it("with no token, stops at the token cell and calls nothing", () => {
      expectStoppedAtTokenCell(runs.get("no token")!);
      // Three calls for each of the four setups with a token, none more.
      expect(viewer!.requests).toHaveLength(12);
    });
  });

  describe("a gated model's transformers loading code, on a tiny model of the local Hub", () => {
    const record = ModelRecordSchema.parse({ ...JSON.parse(readFileSync(fillMask, "utf8")), gated: "manual" });
    let runs = new Map<Setup, Executed>();
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      const dir = await writeTinyMaskedLm(join(scratch, "gated-models"), record.id, scratch);
      const started = await startLocalHub([{ id: record.id, dir, gated: "manual" }]);
      hub = started;
      const notebook = withEndMarker(notebookAnswer(record, { kind: "library", notebook: true }).notebook!);
      runs = await underEverySetup((setup, index) => {
        const home = join(scratch, `gated-model-${index}`);
        const { env, path, unset } = tokenSetup(setup, started.token, home);
        const { HF_TOKEN: _dropped, ...hubEnv } = localHubEnv(started, home);
        const pythonPath: Record<string, string> = path.length > 0 ? { PYTHONPATH: path.join(":") } : {};
        return execute(notebook, librariesPython, { ...hubEnv, ...env, ...pythonPath, TOKENIZERS_PARALLELISM: "false" }, { unset });
      });
    }, 900_000);
    afterAll(async () => hub?.close());

    it.each(setups.filter((setup) => setup !== "no token"))("with the token in %s, downloads the gated weights and runs every cell", (setup) => {
      const run = runs.get(setup)!;
      expect(run.error ?? null, run.error ?? "").toBeNull();
      expect(ranIds(run)).toContain("end-marker");
    });

    it("with no token, stops at the token cell, before any download", () => {
      expectStoppedAtTokenCell(runs.get("no token")!);
      // The CDN's content addresses (/__lfs/) take no token, as the Hub's presigned ones: every request to the Hub itself had one.
      expect(hub!.requests.filter((request) => !request.authorized && !request.path.startsWith("/__lfs/"))).toEqual([]);
      expect(hub!.downloads(record.id)).toEqual(expect.arrayContaining(["config.json", "model.safetensors"]));
    });
  });

  describe("an inference call that sends a local file, with the sample the notebook fetches", () => {
    const source = sampleSources.audio;
    const sampleBytes = Buffer.from("fLaC stand-in bytes of the public sample recording");
    let run: Executed | undefined;
    let recorder: Recorder | undefined;
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      const folder = join(scratch, "sample-repo");
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, source.file), sampleBytes);
      const record = recordFor("automatic-speech-recognition");
      // huggingface_hub asks the Hub (HF_ENDPOINT, here the local one) which task hf-inference serves the model for.
      const modelFolder = join(scratch, "asr-model");
      mkdirSync(modelFolder);
      const mapping = { "hf-inference": { status: "live", providerId: record.id, task: "automatic-speech-recognition" } };
      const info = { pipeline_tag: "automatic-speech-recognition", tags: record.tags, inferenceProviderMapping: mapping };
      hub = await startLocalHub([
        { id: source.repo, dir: folder, type: "dataset" },
        { id: record.id, dir: modelFolder, info },
      ]);
      recorder = await startRecorder(sdkResponder("automatic-speech-recognition", "python"));
      const notebook = notebookAnswer(record, { client: "huggingface_hub", notebook: true }).notebook!;
      // No proxy variables: httpx picks its proxy by the router's own host before the redirect sends the call to the recorder.
      const { HTTP_PROXY: _http, HTTPS_PROXY: _https, ...hubEnv } = localHubEnv(hub, join(scratch, "sample-home"));
      run = await execute(notebook, venvPython, { ...hubEnv, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, PYTHONPATH: pythonRedirect });
    }, 600_000);
    afterAll(async () => {
      await recorder?.close();
      await hub?.close();
    });

    it("saves the Hub's sample under the name the call reads, and the call sends its bytes", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      expect(hub!.downloads(`datasets/${source.repo}`)).toEqual([source.file]);
      const sent = recorder!.requests.find((request) => request.method === "POST");
      expect(sent?.headers.authorization).toBe(`Bearer ${hub!.token}`);
      expect(Buffer.from(sent!.body).equals(sampleBytes)).toBe(true);
    });
  });

  describe("a download that fails", () => {
    let run: Executed | undefined;
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      // A public dataset the local Hub does not hold: hf download fails, as for a mistyped or deleted repository.
      hub = await startLocalHub([]);
      const dataset = tinyDatasets().find((candidate) => candidate.gated === undefined && candidate.private !== true)!;
      const notebook = withEndMarker(getDatasetNotebook(recordOf(dataset), { client: "hf" })!);
      run = await execute(notebook, datasetsPython, localHubEnv(hub, join(scratch, "failing-home")));
    }, 600_000);
    afterAll(async () => hub?.close());

    it("stops Run all at its cell, with hf's own error shown", () => {
      expect(run!.error).toMatch(/CalledProcessError/);
      const ran = ranIds(run!);
      expect(ran.at(-1)).toBe("snippet-1");
      expect(ran).not.toContain("end-marker");
      expect(run!.cells.find((cell) => cell.id === "snippet-1")?.text).toMatch(/not found|404|Repository/i);
    });
  });
});
