import { chatTemplateOf } from "./chat-template.js";
import { liveProviders, type ProviderMappingEntry } from "./provider-mapping.js";
import type { ModelRecord } from "./record.js";

/**
 * Whether a text-generation model is a chat model, from what serves it rather than from its tag alone (the Hub tags
 * `conversational` only where it finds a chat template it reads; a model whose template lives elsewhere is still
 * served as chat). The tag says chat; else the first live entry that names a task decides, as it decides the task
 * of a record without a pipeline tag (withTaskFromLive): `conversational` is chat, a model served as completion
 * first stays completion (a named provider's own entry still decides its call); else, where no live entry names a
 * task (no mapping, or entries written before tasks were), a chat template says chat: it is what a server that
 * applies one runs, as the router's chat route does on hf-inference. `live`: the record's live entries, when read.
 */
export function isServedAsChat(model: ModelRecord, live?: readonly ProviderMappingEntry[]): boolean {
  if (model.tags.includes("conversational")) return true;
  const task = (live ?? liveProviders(model)).find((entry) => entry.task !== undefined)?.task;
  return task === undefined ? chatTemplateOf(model) !== undefined : task === "conversational";
}
