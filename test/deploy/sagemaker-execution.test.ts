import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { endpointName } from "../../src/deploy/endpoints-snippet.js";
import type { ModelRecord } from "../../src/model/record.js";
import { runProcess } from "../helpers/async-process.js";
import { packageIndex, pythonRedirect, venvHas, venvPython } from "../helpers/python-venv.js";
import { startRecorder, type Recorder } from "../helpers/recorder.js";
import { removeSnippetDirs, runSnippet, TEST_TOKEN } from "../helpers/run-snippet.js";
import { sagemakerOperation, sagemakerLifecycle, sagemakerStandin } from "../helpers/sagemaker-standin.js";
import { skipNotice } from "../helpers/skip-notice.js";
import { makeThrowawayVenv } from "../helpers/throwaway-venv.js";
import { baseModel, embeddings, example } from "./records.js";

/*
 * The SageMaker snippet (boto3), unchanged, on the real boto3 and botocore against a stand-in of the SageMaker and
 * SageMaker Runtime APIs (test/helpers/sagemaker-standin.ts): botocore validates every parameter against the
 * service model before sending, the waiter polls DescribeEndpoint until InService, invoke_endpoint reaches the
 * runtime, and the endpoint, its configuration and the model are deleted. boto3 comes from .venv/ when it has it
 * (test/python/requirements.txt lists it), else from the local package index into a throwaway venv.
 */

let python: string | undefined;
let scratch: string | undefined;
let recorder: Recorder;

beforeAll(async () => {
  recorder = await startRecorder(sagemakerStandin());
  if (venvHas(["huggingface_hub"]) === false) return;
  const probe = await runProcess(venvPython, ["-c", "import boto3"]);
  if (probe.code === 0) {
    python = venvPython;
    return;
  }
  const index = packageIndex();
  if (index === undefined) {
    if (process.env.CI === "true") throw new Error(".venv must provide boto3 under CI=true");
    skipNotice("boto3 is neither in .venv nor on a local package index: the SageMaker snippets are not executed");
    return;
  }
  scratch = mkdtempSync(join(tmpdir(), "hub-snippets-boto3-"));
  const venv = await makeThrowawayVenv(join(scratch, "venv"), venvPython);
  const installed = await runProcess(venv.python, ["-m", "pip", "install", "--quiet", "--index-url", index, "boto3"], { timeoutMs: 300_000 });
  if (installed.code !== 0) throw new Error(`pip install boto3 failed: ${installed.stderr.slice(-2000)}`);
  python = venv.python;
}, 600_000);

afterAll(async () => {
  await recorder?.close();
  removeSnippetDirs();
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

const cases: { label: string; record: ModelRecord; image: RegExp; gated: boolean; instance: string }[] = [
  {
    label: "a gated chat model on TGI",
    record: example("llama-3.1-8b-instruct"),
    image: /huggingface-pytorch-tgi-inference:2\.7\.0-tgi3\.3\.6-gpu-py311-cu124-ubuntu22\.04/,
    gated: true,
    instance: "ml.g5.2xlarge",
  },
  { label: "a base model on TGI", record: baseModel, image: /huggingface-pytorch-tgi-inference:/, gated: false, instance: "ml.g4dn.xlarge" },
  {
    label: "an embeddings model on TEI",
    record: embeddings,
    image: /683313688378\.dkr\.ecr\.us-east-1\.amazonaws\.com\/tei:2\.0\.1-tei1\.8\.2-gpu-py310-cu122-ubuntu22\.04/,
    gated: false,
    instance: "ml.g4dn.xlarge",
  },
];

describe("the SageMaker snippet on boto3, against a stand-in of the SageMaker APIs", () => {
  it("runs on the boto3 its checked record names", async () => {
    if (python === undefined) return;
    const checked = getDeploySnippets(baseModel, { target: "sagemaker" }).checked.sagemaker;
    const version = await runProcess(python, ["-c", "import boto3; print(boto3.__version__)"]);
    // The same release line (major.minor): a newer patch release that still runs the code needs no new record.
    const line = (text: string) => text.trim().split(".").slice(0, 2).join(".");
    expect(checked).toMatchObject({ package: "boto3", proof: "executed" });
    expect(line(checked?.version ?? "")).toBe(line(version.stdout));
  });

  it.each(cases)("$label: model, configuration and endpoint created, waited for, invoked, deleted", async ({ record, image, gated, instance }) => {
    if (python === undefined) return;
    const [snippet] = getDeploySnippets(record, { target: "sagemaker" }).snippets;
    expect(snippet?.client).toBe("boto3");
    recorder.reset();
    const run = await runSnippet(snippet!, {
      python,
      timeoutMs: 60_000,
      env: {
        PYTHONPATH: pythonRedirect,
        HUB_SNIPPETS_TEST_NO_SLEEP: "1",
        AWS_ENDPOINT_URL_SAGEMAKER: recorder.origin,
        AWS_ENDPOINT_URL_SAGEMAKER_RUNTIME: recorder.origin,
        AWS_ACCESS_KEY_ID: "AKIASTANDIN",
        AWS_SECRET_ACCESS_KEY: "standin-secret",
        AWS_CONFIG_FILE: "/nonexistent",
        AWS_SHARED_CREDENTIALS_FILE: "/nonexistent",
        SAGEMAKER_ROLE_ARN: "arn:aws:iam::111122223333:role/standin",
      },
    });
    expect(run.code, `${run.stderr}\n--- snippet ---\n${snippet!.content}`).toBe(0);
    type Call = string | { operation: string; body: Record<string, unknown> };
    const calls = recorder.requests.map((request): Call => sagemakerOperation(request) ?? `${request.method} ${request.path}`);
    const name = endpointName(record.id);
    const operations = calls.map((call) => (typeof call === "string" ? call : call.operation));
    expect(operations).toEqual(sagemakerLifecycle(name));
    const model = (calls[0] as { body: Record<string, unknown> }).body;
    const container = model["PrimaryContainer"] as { Image: string; Environment: Record<string, string> };
    expect(model["ExecutionRoleArn"]).toBe("arn:aws:iam::111122223333:role/standin");
    expect(container.Image).toMatch(image);
    expect(container.Environment["HF_MODEL_ID"]).toBe(record.id);
    expect(container.Environment["HUGGING_FACE_HUB_TOKEN"]).toBe(gated ? TEST_TOKEN : undefined);
    expect(container.Environment["HF_TOKEN"]).toBe(gated ? TEST_TOKEN : undefined);
    const config = (calls[1] as { body: Record<string, unknown> }).body as { ProductionVariants: { InstanceType: string }[] };
    expect(config.ProductionVariants[0]?.InstanceType).toBe(instance);
    expect(snippet!.content).not.toContain(TEST_TOKEN);
  });
});
