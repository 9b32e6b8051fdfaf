import type { ModelData } from "@huggingface/tasks";
import { describe, expect, it } from "vitest";
import { getApp } from "../../src/catalogue/apps.js";
import { isGgufRepository } from "../../src/model/gguf.js";
import { ggufUseOf } from "../../src/model/formats.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { shortlistFor } from "../../src/apps/snippets.js";
import { recordView } from "../../src/model/view.js";
import { appRecords } from "../helpers/app-records.js";
import { oracleAppsFor, tasksPackage } from "../helpers/oracle.js";

/*
 * The apps a record's answer offers (shown and named: every app that runs it) against the apps the Hub shows on
 * the model's page (@huggingface/tasks' LOCAL_APPS[*].displayOnModelPage), record by record, over the corpora and
 * records generated over the shapes the rules tell apart. A difference is allowed only where it is listed below,
 * with the reason a user would accept it.
 */

interface Deliberate {
  /** Which side offers the app: `ours` only, or the `peer` only. */
  side: "ours" | "peer";
  applies(model: ModelRecord, app: string): boolean;
  reason: string;
}

const hasGgufHeader = (model: ModelRecord) => model["gguf"] !== undefined;
const runsGguf = (app: string) => getApp(app)?.appliesTo.some((format) => format === "gguf" || format === "llm-serving") ?? false;

const deliberate: Deliberate[] = [
  {
    side: "ours",
    applies: (model, app) => isGgufRepository(model) && !hasGgufHeader(model) && runsGguf(app),
    reason:
      "a record with .gguf files but no `gguf` header summary (a trimmed or model-list record) does not say whether they hold a language model; " +
      "the Hub's rule needs gguf.context_length, we offer the GGUF apps since such repositories mostly hold one (a header without context_length, as a FLUX GGUF's, gets none)",
  },
  {
    side: "peer",
    applies: (model, app) =>
      app === "tgi" && ["feature-extraction", "sentence-similarity", "text-ranking", "text-classification"].includes(model.pipeline_tag ?? ""),
    reason:
      "the Hub tags every architecture TGI can load text-generation-inference, embedding models too (e5-mistral's MistralModel): TGI generates text and its snippet calls chat; Text Embeddings Inference serves an embedding, ranking or classification model",
  },
  {
    side: "peer",
    applies: (model, app) => {
      const use = ggufUseOf(model.pipeline_tag);
      return (
        isGgufRepository(model) &&
        use !== "generation" &&
        !(getApp(app)?.appliesTo.includes(use === "embedding" ? "gguf-embedding" : "gguf-reranking") ?? false)
      );
    },
    reason:
      "an embedding or reranking GGUF: the Hub offers every GGUF app, whose commands chat; we offer the apps that serve its use (llama.cpp's --embeddings or --reranking, Ollama's embeddings API)",
  },
  {
    side: "peer",
    applies: (model, app) => app === "sglang" && isGgufRepository(model),
    reason: "a GGUF-only repository whose card says transformers has no transformers weights for `sglang.launch_server --model-path <id>` to load",
  },
];

describe(`apps offered against ${tasksPackage}'s LOCAL_APPS[*].displayOnModelPage`, () => {
  const records = appRecords();
  const differences: string[] = [];
  const allowed: string[] = [];
  for (const { name, json } of records) {
    const model = ModelRecordSchema.parse(json);
    const { shown, others } = shortlistFor(recordView(model).formats);
    const ours = [...shown, ...others];
    // The peer reads the record as the Hub sends it; tags are always there.
    const peer = oracleAppsFor({ ...json, tags: model.tags } as unknown as ModelData);
    const sides = [
      ...ours.filter((app) => !peer.includes(app)).map((app) => ({ app, side: "ours" as const })),
      ...peer.filter((app) => !ours.includes(app)).map((app) => ({ app, side: "peer" as const })),
    ];
    for (const { app, side } of sides) {
      const why = deliberate.find((rule) => rule.side === side && rule.applies(model, app));
      const line = `${name}: '${app}' offered by ${side === "ours" ? "us" : tasksPackage} only`;
      if (why) allowed.push(`${line} (${why.reason})`);
      else differences.push(line);
    }
  }

  it("offers the same apps for every record, but the deliberate differences", () => {
    console.log(`apps differential: ${records.length} records, ${allowed.length} deliberate differences from ${tasksPackage}`);
    expect(differences).toEqual([]);
    expect(records.length).toBeGreaterThanOrEqual(100);
  });

  it("uses every deliberate difference it lists (a rule no record needs is stale)", () => {
    for (const rule of deliberate)
      expect(
        allowed.some((line) => line.endsWith(`(${rule.reason})`)),
        rule.reason,
      ).toBe(true);
  });
});
