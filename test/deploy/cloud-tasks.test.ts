import { describe, expect, it } from "vitest";
import { cloudTasks } from "../../src/deploy/cloud-tasks.js";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { deployTargetsFor } from "../../src/deploy/targets.js";
import type { ModelRecord } from "../../src/model/record.js";
import { recordView } from "../../src/model/view.js";
import { baseModel, embeddings, example, privateClassifier, reranker, sized } from "./records.js";

/*
 * The one table of what Vertex AI's and Azure ML's code is written for (data/deploy/cloud-tasks.json): every task
 * of every row gets code, a task of no row gets the reason naming the table, the gated rule is the table's, and the
 * default answer's hint names the targets the decision writes code for.
 */

const libraryOf = (engine: string) => (engine === "tei" ? "sentence-transformers" : "transformers");

describe("data/deploy/cloud-tasks.json", () => {
  it("is the rule: each task of each row gets code with the row's server, on Vertex AI and Azure ML", () => {
    for (const { target, serves } of cloudTasks().targets) {
      for (const row of serves) {
        for (const task of row.tasks ?? ["text-generation"]) {
          const record = sized(`acme/${task}-model`, task, libraryOf(row.engine), 300_000_000);
          const answer = getDeploySnippets(record, { target });
          expect(answer.snippets.length, `${target} ${task}: ${JSON.stringify(answer.missing)}`).toBe(1);
          expect(answer.notes.join("\n")).toContain(row.label);
        }
      }
    }
  });

  it("refuses a gated or private model on Azure ML with the table's why, and passes the token on Vertex AI", () => {
    const azure = cloudTasks().targets.find((row) => row.target === "azure")!;
    expect(azure.gatedOrPrivate.served).toBe(false);
    expect(getDeploySnippets(privateClassifier, { target: "azure" }).missing.azure).toBe(azure.gatedOrPrivate.why);
    const vertex = cloudTasks().targets.find((row) => row.target === "vertex")!;
    const onVertex = getDeploySnippets(privateClassifier, { target: "vertex" });
    expect(onVertex.snippets[0]?.content).toContain('hugging_face_access_token=os.environ["HF_TOKEN"]');
    expect(onVertex.notes).toContain(`Vertex AI: ${vertex.gatedOrPrivate.why}`);
  });

  it("gives the default answer's hint the targets the decision writes code for", () => {
    const records: ModelRecord[] = [
      example("llama-3.1-8b-instruct"),
      example("bart-large-mnli"),
      example("whisper-large-v3"),
      example("llama-3.2-3b-instruct-gguf"),
      example("flux.1-dev"),
      baseModel,
      embeddings,
      reranker,
      privateClassifier,
    ];
    for (const record of records) {
      const written = [...new Set(getDeploySnippets(record).snippets.map((snippet) => snippet.target))];
      expect(deployTargetsFor(recordView(record)), record.id).toEqual(written);
    }
  });
});
