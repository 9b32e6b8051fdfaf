// zod/mini: the same validation as classic zod, tree-shaken to what this schema uses, so the CLI's start-up
// pays for a few kilobytes instead of all of zod (docs/performance.md, "Measured choices").
import * as z from "zod/mini";
import { modelIdPattern } from "./model-id.js";

export { modelIdPattern } from "./model-id.js";

// Schemas are immutable, so fields of the same shape share one: each node built is start-up time of every command
// that reads a record: one of each below instead of one per field (docs/performance.md, "Measured choices").
const text = z.string();
const optionalText = z.optional(text);
const nonEmptyText = z.string().check(z.minLength(1));
const anyMap = z.record(text, z.unknown());

const mappingFields = {
  providerId: nonEmptyText,
  status: optionalText,
  task: optionalText,
  /** An adapter the provider applies to its base model (`lora`), and the adapter's weights file in the Hub repository. */
  adapter: optionalText,
  adapterWeightsPath: optionalText,
};

/**
 * `inferenceProviderMapping` (the model API's `expand[]=inferenceProviderMapping`): each provider's own model id,
 * task and status. The model API writes an object keyed by provider; the model list, an array naming the provider.
 */
const ProviderMappingSchema = z.union([
  z.record(text, z.looseObject(mappingFields)),
  z.array(
    z.looseObject({
      provider: nonEmptyText,
      ...mappingFields,
    }),
  ),
]);

/** The parts of a Hub model record (the model API's JSON) that the snippet generators read; the rest passes through. */
export const ModelRecordSchema = z.looseObject({
  id: z.string().check(z.regex(modelIdPattern, "must be a Hub model id: name or owner/name of letters, digits, '.', '_', '-'")),
  pipeline_tag: optionalText,
  tags: z._default(z.array(text), []),
  library_name: optionalText,
  /** null where the repository has no config.json (the model list's expand[]=config answer): read as no config. */
  config: z.optional(z.nullable(anyMap)),
  cardData: z.optional(
    z.looseObject({
      base_model: z.optional(z.union([text, z.array(text)])),
      instance_prompt: z.optional(z.nullable(text)),
    }),
  ),
  widgetData: z.optional(z.array(anyMap)),
  transformersInfo: z.optional(
    z.looseObject({
      auto_model: text,
      processor: optionalText,
    }),
  ),
  mask_token: optionalText,
  inferenceProviderMapping: z.optional(ProviderMappingSchema),
});

export type ModelRecord = z.infer<typeof ModelRecordSchema>;
