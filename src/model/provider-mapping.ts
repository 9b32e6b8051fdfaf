import type { ModelRecord } from "./record.js";

/** One provider's entry of a record's `inferenceProviderMapping`, whichever of the Hub's two shapes it came in. */
export interface ProviderMappingEntry {
  provider: string;
  /** The provider's own name for the model. */
  providerId: string;
  status: string | undefined;
  task: string | undefined;
}

/**
 * The record's provider mapping as a list: the Hub's model API writes an object keyed by provider, its model
 * list an array whose entries name their provider.
 */
export function providerMappingOf(model: ModelRecord): ProviderMappingEntry[] {
  const mapping = model.inferenceProviderMapping;
  if (mapping === undefined) return [];
  if (Array.isArray(mapping)) return mapping.map((entry) => ({ provider: entry.provider, providerId: entry.providerId, status: entry.status, task: entry.task }));
  return Object.entries(mapping).map(([provider, entry]) => ({ provider, providerId: entry.providerId, status: entry.status, task: entry.task }));
}

/** Whether the record carries a provider mapping at all (an empty one says that no provider serves it). */
export function hasProviderMapping(model: ModelRecord): boolean {
  return model.inferenceProviderMapping !== undefined;
}

/** Whether an entry serves the model now: `live`, or no status (older records wrote none). */
export const isLive = (entry: ProviderMappingEntry) => entry.status === undefined || entry.status === "live";

/** The providers that serve the model now (status `live`), in the record's order. */
export function liveProviders(model: ModelRecord): ProviderMappingEntry[] {
  return providerMappingOf(model).filter(isLive);
}

/**
 * The record with its task filled in from the mapping when it has no `pipeline_tag`: a record fetched with only
 * `?expand[]=inferenceProviderMapping` holds no pipeline tag, but each entry names the task the provider serves
 * (`conversational` is chat). The first live entry with a task decides; the record is returned as it is otherwise.
 */
export function withTaskFromMapping(model: ModelRecord): ModelRecord {
  if (model.pipeline_tag !== undefined) return model;
  const task = liveProviders(model).find((entry) => entry.task !== undefined)?.task;
  if (task === undefined) return model;
  if (task === "conversational") return { ...model, pipeline_tag: "text-generation", tags: [...model.tags, "conversational"] };
  return { ...model, pipeline_tag: task };
}
