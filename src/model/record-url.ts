/**
 * The complete fetch of a model record: the Hub's model API with every field the generators read (README,
 * "Fetching a complete record"). `snippet --help` prints it, and an argument that looks like a model id rather than
 * a file gets it as the command to run (src/cli/record-source.ts), and so does a record without an id (read.ts);
 * the shipped examples are what it answers.
 */

/** The fields asked for with `expand[]`, in the README's order; `?blobs=true` adds the siblings' sizes. */
export const completeRecordFields = [
  "inferenceProviderMapping",
  "pipeline_tag",
  "library_name",
  "tags",
  "config",
  "cardData",
  "widgetData",
  "transformersInfo",
  "mask_token",
  "siblings",
  "gguf",
  "gated",
  "private",
  "disabled",
] as const;

/** The URL of a model's complete record. */
function completeRecordUrl(modelId: string): string {
  return `https://huggingface.co/api/models/${modelId}?blobs=true${completeRecordFields.map((field) => `&expand[]=${field}`).join("")}`;
}

/** The shell command that prints it: curl's -g keeps the brackets literal, single quotes keep the `&`s. */
export function completeRecordCurl(modelId: string): string {
  return `curl -sg '${completeRecordUrl(modelId)}'`;
}
