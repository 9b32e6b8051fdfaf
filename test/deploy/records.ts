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

/** An id that would break the code it is written into, were it not kept as data: a quote, a newline, OSC 52. */
export const hostileId = 'evil/na"me\nimport os; os.system("x")\u001b]52;c;AAAA\u0007';

/** Records whose default deploy code (every target) is checked as code: one per engine and call, and hostile ids. */
export const codeRecords: ModelRecord[] = [
  example("llama-3.1-8b-instruct"),
  example("llama-3.2-3b-instruct-gguf"),
  example("bart-large-mnli"),
  example("whisper-large-v3"),
  example("flux.1-dev"),
  example("qwen2.5-vl-7b-instruct"),
  embeddings,
  reranker,
  baseModel,
  privateClassifier,
  sized(hostileId, "text-generation", "transformers", 1e9, { gated: "manual" } as Partial<ModelRecord>),
  sized(hostileId, "text-ranking", "sentence-transformers", 1e8),
];
