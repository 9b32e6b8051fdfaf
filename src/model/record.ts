// zod/mini: the same validation as classic zod, tree-shaken to what this schema uses, so the CLI's start-up
// pays for a few kilobytes instead of all of zod (classic zod alone cost ~60 ms and 14 MB at start-up).
import * as z from "zod/mini";
import { modelIdPattern } from "./model-id.js";

export { modelIdPattern } from "./model-id.js";

const mappingFields = {
  providerId: z.string().check(z.minLength(1)),
  status: z.optional(z.string()),
  task: z.optional(z.string()),
  /** An adapter the provider applies to its base model (`lora`), and the adapter's weights file in the Hub repository. */
  adapter: z.optional(z.string()),
  adapterWeightsPath: z.optional(z.string()),
};

/**
 * `inferenceProviderMapping` (the model API's `expand[]=inferenceProviderMapping`): each provider's own model id,
 * task and status. The model API writes an object keyed by provider; the model list, an array naming the provider.
 */
export const ProviderMappingSchema = z.union([
  z.record(z.string(), z.looseObject(mappingFields)),
  z.array(
    z.looseObject({
      provider: z.string().check(z.minLength(1)),
      ...mappingFields,
    }),
  ),
]);

/** The parts of a Hub model record (the model API's JSON) that the snippet generators read; the rest passes through. */
export const ModelRecordSchema = z.looseObject({
  id: z.string().check(z.regex(modelIdPattern, "must be a Hub model id: name or owner/name of letters, digits, '.', '_', '-'")),
  pipeline_tag: z.optional(z.string()),
  tags: z._default(z.array(z.string()), []),
  library_name: z.optional(z.string()),
  config: z.optional(z.record(z.string(), z.unknown())),
  cardData: z.optional(
    z.looseObject({
      base_model: z.optional(z.union([z.string(), z.array(z.string())])),
      instance_prompt: z.optional(z.nullable(z.string())),
    }),
  ),
  widgetData: z.optional(z.array(z.record(z.string(), z.unknown()))),
  transformersInfo: z.optional(
    z.looseObject({
      auto_model: z.string(),
      processor: z.optional(z.string()),
    }),
  ),
  mask_token: z.optional(z.string()),
  inferenceProviderMapping: z.optional(ProviderMappingSchema),
});

export type ModelRecord = z.infer<typeof ModelRecordSchema>;
