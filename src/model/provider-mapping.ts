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

/** The providers that serve the model now (status `live`). */
export function liveProviders(model: ModelRecord): ProviderMappingEntry[] {
  return providerMappingOf(model).filter((entry) => entry.status === undefined || entry.status === "live");
}
