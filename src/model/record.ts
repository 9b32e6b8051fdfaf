import { z } from "zod";

/** A Hub model id: `name` or `owner/name`, letters, digits, `.`, `_` and `-` only. */
export const modelIdPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

const jsonValue: z.ZodType<unknown> = z.unknown();

/** The parts of a Hub model record (the model API's JSON) that the snippet generators read; the rest passes through. */
export const ModelRecordSchema = z.looseObject({
  id: z.string().regex(modelIdPattern, "must be a Hub model id: name or owner/name of letters, digits, '.', '_', '-'"),
  pipeline_tag: z.string().optional(),
  tags: z.array(z.string()).default([]),
  library_name: z.string().optional(),
  config: z.record(z.string(), jsonValue).optional(),
  cardData: z
    .looseObject({
      base_model: z.union([z.string(), z.array(z.string())]).optional(),
      instance_prompt: z.string().nullable().optional(),
    })
    .optional(),
  widgetData: z.array(z.record(z.string(), jsonValue)).optional(),
  transformersInfo: z
    .looseObject({
      auto_model: z.string(),
      processor: z.string().optional(),
    })
    .optional(),
  mask_token: z.string().optional(),
});

export type ModelRecord = z.infer<typeof ModelRecordSchema>;
