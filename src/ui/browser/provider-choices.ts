import { getProvider, providersForTask, servesTask } from "../../catalogue/providers.js";
import { hasProviderMapping, liveProviders, withTaskFromMapping } from "../../model/provider-mapping.js";
import type { ModelRecord } from "../../model/record.js";
import { inferenceKindOf } from "../../snippets/inference/request.js";
import { getModelSnippets } from "../../snippets/model-snippets.js";

/**
 * The inference providers the model page offers for a model, the core's choice first (getModelSnippets): with a
 * provider mapping, `auto` and the record's live providers that serve the task; without one, every provider of
 * the task. Empty when no provider serves the model.
 */
export function providerChoices(model: ModelRecord): readonly string[] {
  // The decision alone: a client no snippet has ("") renders nothing.
  const decided = getModelSnippets(model, { kind: "inference", client: "" }).inference?.provider;
  const kind = inferenceKindOf(withTaskFromMapping(model));
  if (decided === undefined || kind === undefined) return [];
  const serves = (id: string) => {
    const provider = getProvider(id);
    return provider !== undefined && servesTask(provider, kind);
  };
  const others = hasProviderMapping(model) ? ["auto", ...liveProviders(model).map((entry) => entry.provider).filter(serves)] : providersForTask(kind);
  return [...new Set([decided, ...others])];
}
