import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import type { ModelRecord } from "../../src/model/record.js";
import { blackProblems, pythonAstErrors } from "../helpers/syntax-checks.js";
import { hasTool } from "../helpers/tools.js";
import { baseModel, embeddings, example, sized } from "./records.js";
import { expectKnownNames, readSignatures, usedNames } from "./signatures.js";

/*
 * Amazon SageMaker in the SageMaker Python SDK v3's form (ModelBuilder, beside boto3's): the SDK does not install
 * here, so the code is held to the SDK's source as read: every module, class, method and keyword it uses is in
 * data/deploy/sagemaker-sdk-signatures.json (aws/sagemaker-python-sdk at named commits), read from the printed code
 * by Python's own parser. The code parses, passes black, and keeps hostile record text as data.
 */

const sdkOf = (record: ModelRecord, options = {}) =>
  getDeploySnippets(record, { target: "sagemaker", client: "sagemaker", ...options }).snippets.find((snippet) => snippet.client === "sagemaker");
const signatures = readSignatures("sagemaker-sdk-signatures.json");
const chat = example("llama-3.1-8b-instruct");
const hostileId = 'evil/na"me\nimport os; os.system("x")\u001b]52;c;AAAA\u0007';
const records = [
  chat,
  baseModel,
  embeddings,
  sized("acme/big-chat", "text-generation", "transformers", 70_000_000_000),
  sized(hostileId, "text-generation", "transformers", 1e9, { gated: "manual" } as Partial<ModelRecord>),
];

describe("SageMaker's code in the SageMaker Python SDK v3's form", () => {
  it("is written beside boto3's form, boto3's first, and --client picks one", () => {
    const both = getDeploySnippets(chat, { target: "sagemaker" });
    expect(both.snippets.map((snippet) => snippet.client)).toEqual(["boto3", "sagemaker"]);
    expect(both.checked.sagemaker?.package).toBe("boto3");
    expect(getDeploySnippets(chat, { target: "sagemaker", client: "boto3" }).snippets.map((snippet) => snippet.client)).toEqual(["boto3"]);
    const sdk = getDeploySnippets(chat, { target: "sagemaker", client: "sagemaker" });
    expect(sdk.snippets.map((snippet) => snippet.client)).toEqual(["sagemaker"]);
    expect(sdk.snippets[0]?.checked?.proof).toBe("read");
    expect(sdk.snippets[0]?.checked?.executed).toMatch(/^nothing: the SageMaker SDK does not install here/);
    expect(sdk.snippets[0]?.checked?.version).toMatch(/aws\/sagemaker-python-sdk/);
    expect(sdk.snippets[0]?.install).toBe('pip install -U "sagemaker>=3"');
  });

  it("builds a ModelBuilder for the Hub id with TGI or TEI, on the instance and in the region boto3's form uses", () => {
    const content = sdkOf(chat)?.content ?? "";
    expect(content).toContain("from sagemaker.serve import ModelBuilder, ModelServer");
    expect(content).not.toContain("HuggingFaceModel");
    expect(content).toContain(`model=${JSON.stringify(chat.id)}`);
    expect(content).toContain("model_server=ModelServer.TGI");
    expect(content).toContain('instance_type="ml.g5.2xlarge"');
    expect(content).toContain('env_vars={"HUGGING_FACE_HUB_TOKEN": os.environ["HF_TOKEN"]}');
    expect(content).toContain("builder.build(model_name=name, region=region)");
    expect(content).toMatch(/"generated_text"/);
    expect(content).toContain("endpoint.delete()");
    const tei = sdkOf(embeddings)?.content ?? "";
    expect(tei).toContain("model_server=ModelServer.TEI");
    expect(tei).not.toContain("HF_TOKEN");
    const boto3 = getDeploySnippets(embeddings, { target: "sagemaker", client: "boto3" }).snippets[0]?.content ?? "";
    const instance = /"InstanceType": "([^"]+)"/.exec(boto3)?.[1];
    expect(tei).toContain(`instance_type="${instance}"`);
  });

  it("uses only modules, classes, methods and keywords read in the SDK's source, at the commit the data names", () => {
    for (const record of records) expectKnownNames(signatures, sdkOf(record)?.content ?? "", "aws/sagemaker-python-sdk");
  });

  it("parses, passes black, and keeps a hostile id as data", () => {
    const directory = mkdtempSync(join(tmpdir(), "hub-snippets-sagemaker-sdk-"));
    const files = records.map((record, index) => {
      const file = join(directory, `sagemaker_sdk_${index}.py`);
      writeFileSync(file, sdkOf(record)?.content ?? "");
      return file;
    });
    expect(pythonAstErrors(files)).toEqual([]);
    if (hasTool("black")) expect(blackProblems(directory)).toEqual([]);
    const hostile = sdkOf(records.at(-1) as ModelRecord)?.content ?? "";
    expect(hostile).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(usedNames(hostile).calls.map((call) => call.name)).not.toContain("system");
  });
});
