import * as z from "zod/mini";
import { modelIdPattern } from "../model/model-id.js";

/*
 * A Hub dataset record: the JSON of https://huggingface.co/api/datasets/<id>, or the fields asked for with
 * `expand[]=…` (always with `_id` and `id`). Only what the dataset snippets read is validated; the rest passes.
 */

/** `data_files` of a card's config: one path pattern, a list of them, or a list of splits, each with its pattern(s). */
const patterns = z.union([z.string().check(z.minLength(1)), z.array(z.string().check(z.minLength(1))).check(z.minLength(1))]);
export const DataFilesSchema = z.union([
  patterns,
  z.array(z.looseObject({ split: z.string().check(z.minLength(1)), path: patterns })),
  z.record(z.string().check(z.minLength(1)), patterns),
]);

/** One config of the card's YAML (`configs:`): its name, its data files by split, and whether it is the default. */
export const DatasetConfigSchema = z.looseObject({
  config_name: z.string().check(z.minLength(1)),
  data_files: z.optional(DataFilesSchema),
  data_dir: z.optional(z.string()),
  default: z.optional(z.boolean()),
});

/** `dataset_info` of the card: the splits of one config (with their sizes), as one entry or one per config. */
const DatasetInfoSchema = z.looseObject({
  config_name: z.optional(z.string()),
  /** The bytes of the config's prepared data, and of its files to download. */
  dataset_size: z.optional(z.number()),
  download_size: z.optional(z.number()),
  /** The columns and their types (`dtype: image`, `dtype: {audio: {sampling_rate: 16000}}`), read for the types decoded. */
  features: z.optional(z.unknown()),
  splits: z.optional(
    z.array(
      z.looseObject({
        name: z.string().check(z.minLength(1)),
        num_examples: z.optional(z.number()),
        /** The split's bytes once prepared (Arrow). */
        num_bytes: z.optional(z.number()),
      }),
    ),
  ),
});

export const DatasetRecordSchema = z.looseObject({
  id: z.string().check(z.regex(modelIdPattern, "must be a Hub dataset id: name or owner/name of letters, digits, '.', '_', '-'")),
  private: z.optional(z.boolean()),
  gated: z.optional(z.union([z.boolean(), z.enum(["auto", "manual"])])),
  disabled: z.optional(z.boolean()),
  tags: z._default(z.array(z.string()), []),
  cardData: z.optional(
    z.looseObject({
      configs: z.optional(z.array(DatasetConfigSchema)),
      dataset_info: z.optional(z.union([DatasetInfoSchema, z.array(DatasetInfoSchema)])),
      /** `viewer: false` turns the dataset viewer off for the dataset (any other value leaves it on). */
      viewer: z.optional(z.unknown()),
    }),
  ),
  siblings: z.optional(
    z.array(
      z.looseObject({
        rfilename: z.string().check(z.minLength(1)),
        size: z.optional(z.number()),
      }),
    ),
  ),
});

export type DatasetRecord = z.infer<typeof DatasetRecordSchema>;
export type DataFiles = z.infer<typeof DataFilesSchema>;
