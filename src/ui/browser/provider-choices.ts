import { defaultProvider, providersForTask } from "../../catalogue/providers.js";
import type { ModelRecord } from "../../model/record.js";
import { inferenceKindOf } from "../../snippets/inference/request.js";

/**
 * The inference providers the model page offers for a model, the default first. The one place the browser
 * reads them, so that a change in how the core chooses providers changes only this function.
 */
export function providerChoices(model: ModelRecord): readonly string[] {
  const kind = inferenceKindOf(model);
  return kind === undefined ? [defaultProvider] : providersForTask(kind);
}
