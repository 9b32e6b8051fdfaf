import type { ModelRecord } from "./record.js";
import { siblingFiles } from "./siblings.js";

/**
 * Whether the record holds anything that tells what kind of model it is (tags, library_name, pipeline_tag, files
 * or a `gguf` section): an answer to `?expand[]=inferenceProviderMapping` alone holds none of them, so the local
 * apps that run the model cannot be told from it.
 */
export const saysItsKind = (model: ModelRecord) => saysItsKindWith(model, siblingFiles(model));

/** saysItsKind, with the record's file names already read. */
export const saysItsKindWith = (model: ModelRecord, files: readonly string[]) =>
  model.tags.length > 0 || model.library_name !== undefined || model.pipeline_tag !== undefined || files.length > 0 || model["gguf"] !== undefined;

/** What to say when such a record is asked which local apps run it. */
export const fetchFullRecordForApps = (model: Pick<ModelRecord, "id">) =>
  `the record does not say what kind of model it is (no tags, library_name, pipeline_tag or files: an ?expand[]= answer); fetch the full record (https://huggingface.co/api/models/${model.id}) to see which local apps run it`;
