import { readFileSync } from "node:fs";
import type { ModelRecord } from "../../src/model/record.js";

/*
 * Model records for the deploy tests: the shipped examples and a few made here, one per engine and call (an
 * embeddings model, a reranker, a base model without a chat template, a private classifier), with their weights'
 * parameter counts as the Hub's `safetensors` section gives them.
 */

export const example = (name: string): ModelRecord => JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), "utf8")) as ModelRecord;

/** A record of a model of `parameters` BF16 weights. */
export function sized(id: string, task: string, library: string, parameters: number, extra: Partial<ModelRecord> = {}): ModelRecord {
  return {
    id,
    pipeline_tag: task,
    library_name: library,
    tags: [library, task],
    safetensors: { parameters: { BF16: parameters }, total: parameters },
    siblings: [{ rfilename: "config.json" }, { rfilename: "model.safetensors" }],
    ...extra,
  } as ModelRecord;
}

export const embeddings = sized("BAAI/bge-small-en-v1.5", "feature-extraction", "sentence-transformers", 33_400_000);
export const reranker = sized("BAAI/bge-reranker-base", "text-ranking", "sentence-transformers", 278_000_000);
export const baseModel = sized("bigcode/starcoder2-3b", "text-generation", "transformers", 3_030_000_000);
export const privateClassifier = sized("acme/ticket-classifier", "text-classification", "transformers", 184_000_000, { private: true } as Partial<ModelRecord>);
