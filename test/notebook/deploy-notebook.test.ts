import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDeploySnippets, type DeployAnswer } from "../../src/deploy/deploy.js";
import { endpointName } from "../../src/deploy/endpoints-snippet.js";
import { recordView } from "../../src/model/view.js";
import type { ModelRecord } from "../../src/model/record.js";
import { deployNotebook } from "../../src/notebook/deploy-notebook.js";
import { cellText, type Notebook } from "../../src/notebook/notebook.js";
import { endpointsStandin, type EndpointsStandin } from "../helpers/endpoints-standin.js";
import { notebookKernelsReady, notebookRunner } from "../helpers/notebook-runner.js";
import { pythonRedirect, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { sagemakerOperation, sagemakerLifecycle, sagemakerStandin } from "../helpers/sagemaker-standin.js";
import { TEST_TOKEN } from "../helpers/run-snippet.js";
import { embeddings, example } from "../deploy/records.js";

/*
 * `snippet <record> --deploy <target> --notebook`: the deploy code in a notebook, run top to bottom by the real
 * nbclient as Run all runs it, unchanged, against the stand-ins of the Endpoints API and of SageMaker
 * (test/helpers/endpoints-standin.ts, sagemaker-standin.ts), reached through the start-up redirect: the token cell
 * finds every variable the code reads, and the endpoint is created, waited for, called and paused or deleted.
 */

const llama = example("llama-3.1-8b-instruct");
const bart = example("bart-large-mnli");

function notebookOf(record: ModelRecord, target: string, client?: string): { answer: DeployAnswer; notebook: Notebook } {
  const answer = getDeploySnippets(record, { target, client });
  const notebook = deployNotebook(recordView(record), answer);
  if (notebook === undefined) throw new Error(`no ${target} notebook for ${record.id}: ${JSON.stringify(answer.missing)}`);
  return { answer, notebook };
}

const cell = (notebook: Notebook, id: string) => cellText(notebook.cells.find((candidate) => candidate.id === id)!);

describe("a deploy notebook", () => {
  it("holds the target's code under a line that says what it creates, after a token cell for every variable it reads", () => {
    const { answer, notebook } = notebookOf(llama, "endpoints");
    expect(notebook.cells.map((candidate) => candidate.id)).toEqual([
      "title",
      "access",
      "install-about",
      "install",
      "token-about",
      "token-check",
      "snippet-1-about",
      "snippet-1",
    ]);
    expect(cell(notebook, "snippet-1")).toBe(answer.snippets[0]!.content.replace(/\n+$/, ""));
    expect(cell(notebook, "install")).toBe("%pip install -U huggingface-hub");
    expect(cell(notebook, "title")).toContain("vLLM on **nvidia\\-l4\\-x1**");
    expect(notebook.metadata.accelerator).toBeUndefined();
    const sagemaker = notebookOf(embeddings, "sagemaker", "boto3").notebook;
    expect(cell(sagemaker, "token-check")).toContain('find_secret("SAGEMAKER_ROLE_ARN")');
    expect(cell(sagemaker, "token-check")).toContain("The ARN of the IAM");
    expect(cell(sagemaker, "token-check")).not.toContain("HF_TOKEN");
  });

  it("reads the variables the code reads: the Hub token where the model is gated, the cloud's role, project or workspace", () => {
    expect(getDeploySnippets(llama, { target: "sagemaker" }).snippets.map((snippet) => snippet.reads)).toEqual([
      ["SAGEMAKER_ROLE_ARN", "HF_TOKEN"],
      ["SAGEMAKER_ROLE_ARN", "HF_TOKEN"],
    ]);
    expect(getDeploySnippets(bart, { target: "vertex" }).snippets[0]?.reads).toEqual(["GOOGLE_CLOUD_PROJECT"]);
    expect(getDeploySnippets(bart, { target: "azure" }).snippets[0]?.reads).toEqual(["AZURE_SUBSCRIPTION_ID", "AZURE_RESOURCE_GROUP", "AZURE_ML_WORKSPACE"]);
    // huggingface_hub reads HF_TOKEN itself to create an endpoint; every other variable is one the code names.
    expect(getDeploySnippets(bart, { target: "endpoints" }).snippets[0]?.reads).toEqual(["HF_TOKEN"]);
    for (const answer of [getDeploySnippets(llama), getDeploySnippets(bart), getDeploySnippets(embeddings)])
      for (const snippet of answer.snippets.filter((candidate) => candidate.target !== "endpoints"))
        for (const name of snippet.reads) expect(snippet.content, `${snippet.target} ${name}`).toContain(`"${name}"`);
  });
});

describe.skipIf(!notebookKernelsReady())("deploy notebooks run top to bottom on real kernels, against the stand-ins", () => {
  const scratch = mkdtempSync(join(tmpdir(), "hub-snippets-deploy-notebook-"));
  const { execute } = notebookRunner(scratch);
  let recorder: Recorder;
  let standin: EndpointsStandin;
  let sagemaker: Recorder;
  beforeAll(async () => {
    let origin = "";
    standin = endpointsStandin(() => origin);
    recorder = await startRecorder(standin.responder);
    origin = recorder.origin;
    sagemaker = await startRecorder(sagemakerStandin());
  });
  afterAll(async () => {
    await recorder?.close();
    await sagemaker?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it("Inference Endpoints: the token cell finds HF_TOKEN, the endpoint is created, called and paused", { timeout: 600_000 }, async () => {
    const { notebook } = notebookOf(llama, "endpoints");
    const env = { PYTHONPATH: pythonRedirect, HUB_SNIPPETS_TEST_ORIGIN: recorder.origin, HUB_SNIPPETS_TEST_NO_SLEEP: "1", HF_HOME: join(scratch, "hf-home") };
    const run = await execute(notebook, venvPython, { ...env, HF_TOKEN: TEST_TOKEN });
    expect(run.error).toBeNull();
    expect(run.cells.every((executed) => executed.ran)).toBe(true);
    expect(standin.created.get(endpointName(llama.id))).toMatchObject({ model: { repository: llama.id }, type: "authenticated" });
    const paths = recorder.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths).toContain(`POST /endpoint/${endpointName(llama.id)}/v1/chat/completions`);
    expect(paths.some((path) => path.startsWith("POST ") && path.endsWith("/pause"))).toBe(true);
  });

  it("Inference Endpoints without a token: the token cell stops the run before any endpoint is created", { timeout: 600_000 }, async () => {
    const { notebook } = notebookOf(bart, "endpoints");
    recorder.reset();
    const env = {
      PYTHONPATH: pythonRedirect,
      HUB_SNIPPETS_TEST_ORIGIN: recorder.origin,
      HUB_SNIPPETS_TEST_NO_SLEEP: "1",
      HF_HOME: join(scratch, "empty-home"),
    };
    const run = await execute(notebook, venvPython, env, { unset: ["HF_TOKEN"] });
    expect(run.error).toContain("No Hugging Face token found");
    expect(recorder.requests).toEqual([]);
  });

  it("SageMaker (boto3): the role comes from the token cell, and the endpoint is created, invoked and deleted", { timeout: 600_000 }, async () => {
    const { notebook } = notebookOf(embeddings, "sagemaker", "boto3");
    const run = await execute(notebook, venvPython, {
      PYTHONPATH: pythonRedirect,
      HUB_SNIPPETS_TEST_NO_SLEEP: "1",
      AWS_ENDPOINT_URL_SAGEMAKER: sagemaker.origin,
      AWS_ENDPOINT_URL_SAGEMAKER_RUNTIME: sagemaker.origin,
      AWS_ACCESS_KEY_ID: "AKIASTANDIN",
      AWS_SECRET_ACCESS_KEY: "standin-secret",
      AWS_CONFIG_FILE: "/nonexistent",
      AWS_SHARED_CREDENTIALS_FILE: "/nonexistent",
      SAGEMAKER_ROLE_ARN: "arn:aws:iam::111122223333:role/standin",
    });
    expect(run.error).toBeNull();
    const name = endpointName(embeddings.id);
    const operations = sagemaker.requests.map((request) => sagemakerOperation(request)?.operation ?? `${request.method} ${request.path}`);
    expect(operations).toEqual(sagemakerLifecycle(name));
    expect(sagemakerOperation(sagemaker.requests[0]!)?.body["ExecutionRoleArn"]).toBe("arn:aws:iam::111122223333:role/standin");
  });
});
