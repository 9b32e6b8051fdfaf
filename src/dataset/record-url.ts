/**
 * Where a dataset's complete record comes from: the Hub's dataset API answers every field the dataset snippets read
 * (tags with the computed format:, modality: and library: tags, cardData with its configs, siblings) without
 * `expand[]`, so the command is one plain GET.
 */
const datasetRecordUrl = (id: string) => `https://huggingface.co/api/datasets/${id}`;

/** The shell command that saves nothing and prints the record, for `| hub-snippets dataset -`. */
export const datasetRecordCurl = (id: string) => `curl -s ${datasetRecordUrl(id)}`;
