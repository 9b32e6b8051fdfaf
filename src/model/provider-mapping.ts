import type { ModelRecord } from "./record.js";

/** One provider's entry of a record's `inferenceProviderMapping`, whichever of the Hub's two shapes it came in. */
export interface ProviderMappingEntry {
  provider: string;
  /** The provider's own name for the model. */
  providerId: string;
  status: string | undefined;
  task: string | undefined;
  /** An adapter the provider applies to its base model: `lora` is the one the SDKs send. */
  adapter: string | undefined;
  /** The adapter's weights, a file of the model's Hub repository. */
  adapterWeightsPath: string | undefined;
}

type MappingFields = Pick<ProviderMappingEntry, "providerId"> & Partial<Pick<ProviderMappingEntry, "status" | "task" | "adapter" | "adapterWeightsPath">>;

function entryOf(provider: string, entry: MappingFields): ProviderMappingEntry {
  const { providerId, status, task, adapter, adapterWeightsPath } = entry;
  return { provider, providerId, status, task, adapter, adapterWeightsPath };
}

/**
 * The record's provider mapping as a list: the Hub's model API writes an object keyed by provider, its model
 * list an array whose entries name their provider.
 */
export function providerMappingOf(model: ModelRecord): ProviderMappingEntry[] {
  const mapping = model.inferenceProviderMapping;
  if (mapping === undefined) return [];
  if (Array.isArray(mapping)) return mapping.map((entry) => entryOf(entry.provider, entry));
  return Object.entries(mapping).map(([provider, entry]) => entryOf(provider, entry));
}

/**
 * A provider's entry for a task, among a record's entries (a record's view reads them once). The model list may name
 * a provider once per task (chat and completion): the entry of the task, else the provider's first.
 */
export function entryIn(entries: readonly ProviderMappingEntry[], provider: string, task: string): ProviderMappingEntry | undefined {
  const own = entries.filter((entry) => entry.provider === provider);
  return own.find((entry) => entry.task === task) ?? own[0];
}

/** Whether the record carries a provider mapping at all (an empty one says that no provider serves it). */
export function hasProviderMapping(model: ModelRecord): boolean {
  return model.inferenceProviderMapping !== undefined;
}

/** Whether an entry serves the model now: `live`, or no status (older records wrote none). */
export const isLive = (entry: ProviderMappingEntry) => entry.status === undefined || entry.status === "live";

/**
 * Whether an entry serves the model now for this task of the Hub's mapping (`conversational` for chat): live, and of
 * that task or of none. An entry of another task is not routed to: the router and huggingface.js refuse a call whose
 * task is not the entry's ("not supported for task … and provider …").
 */
export const isLiveFor = (entry: ProviderMappingEntry, task: string) => isLive(entry) && (entry.task === undefined || entry.task === task);

/** The providers that serve the model now (status `live`), in the record's order. */
export function liveProviders(model: ModelRecord): ProviderMappingEntry[] {
  return providerMappingOf(model).filter(isLive);
}

/**
 * The record with its task filled in from the mapping when it has no `pipeline_tag`: a record fetched with only
 * `?expand[]=inferenceProviderMapping` holds no pipeline tag, but each entry names the task the provider serves
 * (`conversational` is chat). The first live entry with a task decides; the record is returned as it is otherwise.
 */
export function withTaskFromLive(model: ModelRecord, live: readonly ProviderMappingEntry[]): ModelRecord {
  if (model.pipeline_tag !== undefined) return model;
  const task = live.find((entry) => entry.task !== undefined)?.task;
  if (task === undefined) return model;
  if (task === "conversational")
    return {
      ...model,
      pipeline_tag: "text-generation",
      tags: [...model.tags, "conversational"],
    };
  return { ...model, pipeline_tag: task };
}
