import { describe, expect, it } from "vitest";
import { UserError } from "../../src/errors.js";
import { decideModel } from "../../src/model-answer/decision.js";
import { answerOf } from "../../src/model-answer/filter.js";
import { decideDataset } from "../../src/dataset/decision.js";
import { getDatasetSnippets } from "../../src/dataset/snippets.js";
import { datasetView } from "../../src/dataset/view.js";

/*
 * A value of the record that no shell word can carry (a NUL, a lone surrogate) is refused where the decision writes
 * it (codeUnit in src/code/snippet.ts, the apps' writer in src/model-answer/decision.ts, a dataset's unit in
 * src/dataset/decision.ts): a UserError (exit 2) naming
 * the record's field, whichever face asks, so that no face has to wrap its answer (the CLI, the browser's page and
 * getModelSnippets no longer do).
 */
const record = { id: "acme/half", tags: ["gguf", "conversational"], pipeline_tag: "text-generation", siblings: [{ rfilename: "half \ud800.Q4_K_M.gguf" }] };

const refusal = (write: () => unknown): UserError => {
  try {
    write();
  } catch (error) {
    if (error instanceof UserError) return error;
    throw error;
  }
  throw new Error("no refusal");
};

describe("a value no shell word can carry, through decide → filter alone", () => {
  it("is refused where the app's commands are written, naming the field", () => {
    const error = refusal(() => answerOf(decideModel(record), { kind: "app", app: "vllm" }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^acme\/half: \$\.siblings\[0\]\.rfilename holds a lone surrogate, which no shell word can carry/);
  });

  it("leaves the decision itself and the kinds that do not write the value alone", () => {
    const decision = decideModel(record);
    expect(answerOf(decision, { kind: "library" }).snippets.length).toBeGreaterThan(0);
  });
});

describe("a dataset value no shell word can carry", () => {
  const dataset = { id: "acme/rows", tags: [], siblings: [{ rfilename: "data/train \ud800.csv" }] };

  it("is refused where a unit writes it, naming the field", () => {
    const error = refusal(() => getDatasetSnippets(dataset, { language: "sh" }));
    expect(error.exitCode).toBe(2);
    expect(error.message).toMatch(/^acme\/rows: \$\.siblings\[0\]\.rfilename holds a lone surrogate/);
  });

  it("leaves the decision itself alone", () => {
    expect(decideDataset(datasetView(dataset)).units.length).toBeGreaterThan(0);
  });
});
