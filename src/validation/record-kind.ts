/** What a record describes, as its messages name it: "model record", "dataset record". */
export type RecordKind = "model" | "dataset";

/**
 * Which kind of Hub record a JSON document says it is, from the fields only that kind has: a model's `pipeline_tag`,
 * `library_name`, `config`, `transformersInfo`, `safetensors`, `gguf`, `inferenceProviderMapping`, `widgetData`,
 * `mask_token` or weight files; a dataset's card `configs`, `dataset_info` or `task_categories`, or its `format:` /
 * `task_categories:` tags. A record that says both, or neither (`{"id": …}`, an `?expand[]=` answer of other fields),
 * says no kind.
 */

/** What a record says it is, and the fields that say so (as a message lists them). */
export interface KindEvidence {
  kind: RecordKind;
  fields: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

const modelFields = [
  "pipeline_tag",
  "library_name",
  "config",
  "transformersInfo",
  "safetensors",
  "gguf",
  "inferenceProviderMapping",
  "widgetData",
  "mask_token",
] as const;
const datasetCardFields = ["configs", "dataset_info", "task_categories"] as const;
const datasetTagPrefixes = ["format:", "task_categories:"] as const;

/** Files only a model repository holds: its weights, in the formats the model libraries save. */
const weightFile = /(?:^|\/)(?:[^/]+\.(?:safetensors|gguf)|pytorch_model[^/]*\.bin|tf_model[^/]*\.h5|flax_model[^/]*\.msgpack)$/;

function fileNames(json: Record<string, unknown>): string[] {
  const list = json["siblings"];
  if (!Array.isArray(list)) return [];
  return list.flatMap((sibling: unknown) => (isObject(sibling) && typeof sibling["rfilename"] === "string" ? [sibling["rfilename"]] : []));
}

function modelEvidence(json: Record<string, unknown>): string[] {
  const fields: string[] = modelFields.filter((field) => json[field] !== undefined && json[field] !== null);
  const weights = fileNames(json).filter((file) => weightFile.test(file));
  if (weights.length > 0) fields.push(`weight files (${weights[0]}${weights.length > 1 ? ", …" : ""})`);
  return fields;
}

function datasetEvidence(json: Record<string, unknown>): string[] {
  const card = json["cardData"];
  const fields: string[] = isObject(card)
    ? datasetCardFields.filter((field) => card[field] !== undefined && card[field] !== null).map((field) => `cardData.${field}`)
    : [];
  const tags = Array.isArray(json["tags"]) ? json["tags"].filter((tag): tag is string => typeof tag === "string") : [];
  for (const prefix of datasetTagPrefixes) {
    const tag = tags.find((candidate) => candidate.startsWith(prefix));
    if (tag !== undefined) fields.push(`tag ${tag}`);
  }
  return fields;
}

/** The kind a record's fields say it is, or undefined when they say none or both. */
export function kindTheRecordSays(json: unknown): KindEvidence | undefined {
  if (!isObject(json)) return undefined;
  const model = modelEvidence(json);
  const dataset = datasetEvidence(json);
  if (model.length > 0 && dataset.length === 0) return { kind: "model", fields: model };
  if (dataset.length > 0 && model.length === 0) return { kind: "dataset", fields: dataset };
  return undefined;
}
