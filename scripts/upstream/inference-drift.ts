/*
 * Snippet text drift of the inference snippets: @huggingface/inference's getInferenceSnippets of both releases, for
 * each live provider of each Hub record we keep, beside ours for the same record and provider.
 */
import type { ModelData } from "@huggingface/tasks";
import { folderRecords, labelled, ourInferenceText, type CorpusRecord } from "./drift-corpus.js";
import { folded, message, type Drift } from "./drift.js";
import type { InferenceModule } from "./package-facts.js";
import { quietly } from "./quietly.js";

interface MappingEntry {
  provider: string;
  providerId: string;
  hfModelId: string;
  task: string;
  status: string;
  adapter?: string;
  adapterWeightsPath?: string;
}

/** The record's live mapping entries, in upstream's shape (the model API writes an object, the model list an array). */
function liveEntries(record: CorpusRecord): MappingEntry[] {
  const mapping = record.json["inferenceProviderMapping"];
  const rows: Record<string, unknown>[] = Array.isArray(mapping)
    ? (mapping as Record<string, unknown>[])
    : typeof mapping === "object" && mapping !== null
      ? Object.entries(mapping as Record<string, Record<string, unknown>>).map(([provider, row]) => ({ ...row, provider }))
      : [];
  return rows
    .filter((row) => row["status"] === "live" && typeof row["provider"] === "string")
    .map((row) => ({ ...(row as unknown as MappingEntry), hfModelId: record.model.id }));
}

/** Upstream's snippets of the record on the entry's provider; none on a provider the release does not know (it logs and writes none). */
function upstreamText(inference: InferenceModule, record: CorpusRecord, entry: MappingEntry): string | undefined {
  if (!((inference.INFERENCE_PROVIDERS ?? []) as readonly string[]).includes(entry.provider) || !inference.snippets?.getInferenceSnippets) return undefined;
  try {
    return labelled(
      quietly(() => inference.snippets.getInferenceSnippets(structuredClone(record.json) as unknown as ModelData, entry.provider as never, entry as never, {})),
    );
  } catch (error) {
    return message(error);
  }
}

export function inferenceDrift(root: string, before: InferenceModule, after: InferenceModule): Drift[] {
  const drift: Drift[] = [];
  for (const record of folderRecords(root, "hub-records")) {
    for (const entry of liveEntries(record)) {
      const [old, now] = [upstreamText(before, record, entry), upstreamText(after, record, entry)];
      if (folded(old) !== folded(now))
        drift.push({ kind: "inference", key: entry.provider, record: record.name, before: old, after: now, ours: ourInferenceText(record, entry.provider) });
    }
  }
  return drift;
}
