import { listProviders } from "../../src/catalogue/providers.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import type { Snippet } from "../../src/code/snippet.js";
import type { InferenceSnippetOptions } from "../../src/inference/request.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { inferenceKinds, type InferenceKind } from "../../src/catalogue/inference-kinds.js";

/**
 * The pipeline_tag and tags that make a record of this inference kind: a text chat model is a conversational
 * text-generation model; a vision-language model chats whatever its tags (the examples/ record carries the tag).
 */
export function taggingOf(kind: InferenceKind): { pipeline_tag: string; tags: string[] } {
  if (kind === "conversational") return { pipeline_tag: "text-generation", tags: ["conversational"] };
  if (kind === "conversational-vision") return { pipeline_tag: "image-text-to-text", tags: [] };
  return { pipeline_tag: kind, tags: [] };
}

/** A model record for an inference kind. */
export function recordFor(kind: InferenceKind, extra: Partial<ModelRecord> = {}): ModelRecord {
  return ModelRecordSchema.parse({ id: `acme/${kind}-model`, ...taggingOf(kind), ...extra });
}

/** The option sets every snippet is generated with. */
export const optionSets: Record<string, InferenceSnippetOptions> = {
  default: {},
  stream: { stream: true },
  "bill-to": { billTo: "acme-org" },
  token: { token: "hf_literal_test_token" },
  "endpoint-url": { endpointUrl: "https://router.huggingface.co/endpoint" },
  "provider-auto": { provider: "auto" },
};

export interface CorpusEntry {
  kind: InferenceKind;
  optionSet: string;
  options: InferenceSnippetOptions;
  snippet: Snippet;
}

/** Every snippet the product writes: kind × option set × client. */
export function snippetCorpus(): CorpusEntry[] {
  return inferenceKinds.flatMap((kind) =>
    Object.entries(optionSets).flatMap(([optionSet, options]) =>
      getInferenceSnippets(recordFor(kind), options).map((snippet) => ({ kind, optionSet, options, snippet })),
    ),
  );
}

/** The inference kinds of a provider's task: `conversational` is text chat (vision chat is sampled once, below). */
function kindsOfTask(task: string): InferenceKind[] {
  if (task === "conversational") return ["conversational"];
  return (inferenceKinds as readonly string[]).includes(task) ? [task as InferenceKind] : [];
}

/**
 * Every provider of the table on every task it serves, through the router; and directly, on its chat and its
 * first other task (every direct route shape is the same code path, so one per provider is the sample).
 * hf-inference is the default option set of `snippetCorpus`. Option set names: `router:<id>`, `direct:<id>`.
 */
export function providerCorpusCases(): { kind: InferenceKind; optionSet: string; options: InferenceSnippetOptions }[] {
  const cases: { kind: InferenceKind; optionSet: string; options: InferenceSnippetOptions }[] = [];
  for (const provider of listProviders()) {
    if (provider.id === "hf-inference") continue;
    const kinds = provider.tasks.flatMap(kindsOfTask);
    if (provider.routerAllowed !== false)
      for (const kind of kinds) cases.push({ kind, optionSet: `router:${provider.id}`, options: { provider: provider.id } });
    const direct = [...new Set([kinds.find((kind) => kind === "conversational"), kinds.find((kind) => kind !== "conversational")])].filter(
      (kind) => kind !== undefined,
    );
    for (const kind of direct) cases.push({ kind, optionSet: `direct:${provider.id}`, options: { provider: provider.id, direct: true } });
  }
  // Vision chat goes the same way as text chat: one provider shows it.
  cases.push({ kind: "conversational-vision", optionSet: "router:together", options: { provider: "together" } });
  return cases;
}

export function providerCorpus(): CorpusEntry[] {
  return providerCorpusCases().flatMap(({ kind, optionSet, options }) =>
    getInferenceSnippets(recordFor(kind), options).map((snippet) => ({ kind, optionSet, options, snippet })),
  );
}
