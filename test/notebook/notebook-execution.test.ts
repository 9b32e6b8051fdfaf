import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { getDatasetNotebook } from "../../src/notebook/dataset-notebook.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { notebookAnswer } from "../helpers/notebook-answer.js";
import { recordFor } from "../helpers/corpus.js";
import { recordOf, splitKey, writeDatasetRepos } from "../helpers/dataset-repos.js";
import { layoutDatasets } from "../helpers/layout-datasets.js";
import { startLocalHub, type LocalHub } from "../helpers/local-hub.js";
import { localHubEnv } from "../helpers/local-hub-env.js";
import { datasetsPython, notebookKernelsReady, notebookRunner, writeTinyMaskedLm, type Executed } from "../helpers/notebook-runner.js";
import { librariesPython, pythonRedirect, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { sdkResponder } from "../helpers/sdk-responder.js";

/*
 * Notebooks executed top to bottom by the real nbclient on ipykernel kernels, as Run all runs them, unchanged
 * (test/helpers/notebook-runner.ts): the dataset readers and hf download against the local Hub
 * (test/helpers/local-hub.ts), the transformers loading code on a tiny model it serves, the huggingface_hub chat call
 * against the local recorder (the SDK's requests sent there by test/helpers/python-redirect). How each runtime's
 * token setup runs them is test/notebook/notebook-tokens.test.ts.
 */

const fixtures = fileURLToPath(new URL("../fixtures/libraries/", import.meta.url));

describe.skipIf(!notebookKernelsReady())("notebooks run top to bottom on real kernels (nbclient, ipykernel)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-notebook-run-"));
  const { execute } = notebookRunner(scratch);

  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  describe("a dataset's notebook, against the local Hub", () => {
    const dataset = layoutDatasets().find((candidate) => candidate.id === "layout-org/kaggle-style")!;
    const record = recordOf(dataset);
    const runsByClient = new Map<string, Executed>();
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      hub = await startLocalHub(await writeDatasetRepos(join(scratch, "dataset-repos"), [dataset], datasetsPython));
      for (const client of ["datasets", "pandas", "hf"]) {
        const notebook = getDatasetNotebook(record, { client })!;
        runsByClient.set(client, await execute(notebook, datasetsPython, localHubEnv(hub, join(scratch, `home-${client}`))));
      }
    }, 900_000);
    afterAll(async () => hub?.close());

    // The rows of the config and split the notebook reads (the answer's default).
    const expected = () => {
      const { config, split } = getDatasetSnippets(record);
      return dataset.expected[splitKey(config!, split!)]!;
    };

    it("🤗 Datasets: every cell runs, the install cell resolves on the local index, the split's rows print", () => {
      const run = runsByClient.get("datasets")!;
      expect(run.error).toBeNull();
      expect(run.cells.every((cell) => cell.ran)).toBe(true);
      expect(run.cells.find((cell) => cell.id === "install")?.text).toMatch(/Would install|Requirement already satisfied/);
      expect(run.cells.find((cell) => cell.id === "snippet-1")?.text).toContain(`num_rows: ${expected().length}`);
    });

    it("pandas: the reading cell prints the data frame's head with the split's rows, and no cell shows it again", () => {
      const run = runsByClient.get("pandas")!;
      expect(run.error).toBeNull();
      expect(run.cells.some((cell) => cell.shown.includes("text/html"))).toBe(false);
      for (const marker of expected()) expect(run.cells.find((cell) => cell.id === "snippet-1")?.text).toContain(marker);
    });

    it("hf download runs in a %%bash cell and fetches the split's files", () => {
      const run = runsByClient.get("hf")!;
      expect(run.error).toBeNull();
      const folder = readdirSync(run.folder).find((name) => !name.endsWith(".ipynb"));
      expect(folder).toBeDefined();
      expect(readdirSync(join(run.folder, folder!))).toContain("train.csv");
    });
  });

  describe("a model's library notebook, on a tiny model of the local Hub", () => {
    const record = ModelRecordSchema.parse(JSON.parse(readFileSync(join(fixtures, "transformers-fill-mask.json"), "utf8")));
    let run: Executed | undefined;
    let hub: LocalHub | undefined;

    beforeAll(async () => {
      const dir = await writeTinyMaskedLm(join(scratch, "model-repos"), record.id, scratch);
      hub = await startLocalHub([{ id: record.id, dir }]);
      const notebook = notebookAnswer(record, { kind: "library", notebook: true }).notebook!;
      run = await execute(notebook, librariesPython, { ...localHubEnv(hub, join(scratch, "home-model")), TOKENIZERS_PARALLELISM: "false" });
    }, 900_000);
    afterAll(async () => hub?.close());

    it("runs every cell: the install cell resolves, the loading code downloads the model and fills the mask", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      expect(run!.cells.every((cell) => cell.ran)).toBe(true);
      expect(hub!.downloads(record.id)).toEqual(expect.arrayContaining(["config.json", "model.safetensors"]));
    });
  });

  describe("a model's inference notebook, against the local recorder", () => {
    let recorder: Recorder | undefined;
    let run: Executed | undefined;

    beforeAll(async () => {
      recorder = await startRecorder(sdkResponder("conversational", "python"));
      const notebook = notebookAnswer(recordFor("conversational"), { client: "huggingface_hub", notebook: true }).notebook!;
      run = await execute(notebook, venvPython, {
        HUB_SNIPPETS_TEST_ORIGIN: recorder.origin,
        PYTHONPATH: pythonRedirect,
        HF_TOKEN: "hf_test_token",
        HF_HOME: join(scratch, "home-inference"),
      });
    }, 600_000);
    afterAll(async () => recorder?.close());

    it("runs every cell, and the chat call reaches the router with the token", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      const sent = recorder!.requests.find((request) => request.method === "POST");
      expect(sent?.headers.authorization).toBe("Bearer hf_test_token");
      expect(run!.cells.find((cell) => cell.id === "snippet-1")?.text).toContain("Hello world");
    });
  });

  describe("a text-to-video model's notebook, through a queue provider against the local recorder", () => {
    let recorder: Recorder | undefined;
    let run: Executed | undefined;

    beforeAll(async () => {
      recorder = await startRecorder(sdkResponder("text-to-video", "python"));
      const mapping = { wavespeed: { status: "live", providerId: "acme/text-to-video-model", task: "text-to-video" } };
      const record = recordFor("text-to-video", { inferenceProviderMapping: mapping } as Partial<ModelRecord>);
      const notebook = notebookAnswer(record, { client: "huggingface_hub", notebook: true }).notebook!;
      run = await execute(notebook, venvPython, {
        HUB_SNIPPETS_TEST_ORIGIN: recorder.origin,
        PYTHONPATH: pythonRedirect,
        HF_TOKEN: "hf_test_token",
        HF_HOME: join(scratch, "home-video"),
      });
    }, 600_000);
    afterAll(async () => recorder?.close());

    it("submits, polls, saves the video and shows it, every cell run", () => {
      expect(run?.error ?? null, run?.error ?? "").toBeNull();
      const queue = recorder!.requests.filter((request) => request.path.startsWith("/__host/router.huggingface.co/wavespeed/"));
      expect(queue.map((request) => request.method)).toEqual(["POST", "GET"]);
      for (const request of queue) expect(request.headers.authorization).toBe("Bearer hf_test_token");
      const result = run!.cells.find((cell) => cell.id === "snippet-1-result");
      expect(result?.shown).toContain("text/html");
    });
  });
});
