import { describe, expect, it } from "vitest";
import { getDeploySnippets, type DeployOptions } from "../../src/deploy/deploy.js";
import { deployRegions } from "../../src/deploy/regions.js";
import { endpointHardware, sagemakerTable, vertexTable } from "../../src/deploy/tables.js";
import { UserError } from "../../src/errors.js";
import type { ModelRecord } from "../../src/model/record.js";
import { embeddings, example } from "./records.js";

/*
 * `--region` (issue 54): SageMaker's region writes the container image's registry and the clients' region, Vertex
 * AI's its location, Inference Endpoints' the region of its instance table (the vendor's, or the vendor of that
 * region); a region the table lacks is a usage error listing the regions; Azure ML takes none.
 */

const chat = example("llama-3.1-8b-instruct");
const refusalOf = (record: ModelRecord, options: DeployOptions): UserError => {
  try {
    getDeploySnippets(record, options);
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("no UserError was thrown");
};

describe("--region", () => {
  it("writes SageMaker's image registry and client region for the region, in both forms", () => {
    const image = sagemakerTable().images.find((row) => row.engine === "tei")!;
    const [boto3, sdk] = getDeploySnippets(embeddings, { target: "sagemaker", region: "eu-central-1" }).snippets;
    expect(boto3?.content).toContain('region = "eu-central-1"');
    expect(boto3?.content).toContain(`${image.registries["eu-central-1"]}.dkr.ecr.eu-central-1.amazonaws.com/tei:`);
    expect(sdk?.content).toContain('region = "eu-central-1"');
    expect(sdk?.content).toContain("builder.build(model_name=name, region=region)");
  });

  it("writes Vertex AI's location, the table's first by default", () => {
    expect(getDeploySnippets(chat, { target: "vertex" }).snippets[0]?.content).toContain(`location="${vertexTable().regions[0]}"`);
    expect(getDeploySnippets(chat, { target: "vertex", region: "europe-west4" }).snippets[0]?.content).toContain('location="europe-west4"');
  });

  it("takes Inference Endpoints' region from the table, and its vendor when --vendor is not given", () => {
    const gcp = endpointHardware().instances.find((row) => row.vendor === "gcp")!.region;
    const answer = getDeploySnippets(chat, { target: "endpoints", region: gcp });
    expect(answer.plans[0]?.instance).toMatchObject({ vendor: "gcp", region: gcp });
    expect(answer.snippets[0]?.content).toContain(`region="${gcp}"`);
  });

  it("refuses a region the target's table lacks (exit 1, an unknown id), with the nearest or the table's regions", () => {
    for (const [target, region] of [
      ["sagemaker", "mars-1"],
      ["vertex", "eu-west-1"],
      ["endpoints", "eu-west-1"],
    ] as const) {
      const error = refusalOf(chat, { target, region });
      expect(error.exitCode, target).toBe(1);
      expect(error.message).toContain(`unknown region '${region}' in the table of`);
    }
    const vendor = refusalOf(chat, { target: "endpoints", vendor: "aws", region: "us-east4" });
    expect(vendor.message).toMatch(/for aws; did you mean us-east-1\?$/);
    const far = refusalOf(chat, { target: "sagemaker", region: "mars-1" });
    for (const known of deployRegions("sagemaker")) expect(far.message).toContain(known);
  });

  it("does not apply to Azure ML (exit 2, with why)", () => {
    const error = refusalOf(embeddings, { target: "azure", region: "eastus" });
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^--region does not apply to Azure ML: the endpoint runs in the region of the workspace/);
  });

  it("with every target: the targets whose table lacks the region say why, and a region none has is an unknown id", () => {
    const answer = getDeploySnippets(embeddings, { region: "eu-west-1" });
    expect([...new Set(answer.snippets.map((snippet) => snippet.target))]).toEqual(["sagemaker", "azure"]);
    expect(answer.missing.endpoints).toMatch(/the region 'eu-west-1' is not one of its table's/);
    expect(answer.missing.vertex).toMatch(/the region 'eu-west-1' is not one of its table's/);
    expect(answer.notes).toContain(
      "Azure ML: --region does not apply to Azure ML: the endpoint runs in the region of the workspace the code names (AZURE_ML_WORKSPACE)",
    );
    const none = refusalOf(embeddings, { region: "nowhere" });
    expect(none.exitCode).toBe(1);
    expect(none.message).toMatch(
      /^unknown region 'nowhere': no deploy target's table holds it \(Hugging Face Inference Endpoints: .*; Amazon SageMaker: .*; Google Cloud Vertex AI: .*\)$/,
    );
  });
});
