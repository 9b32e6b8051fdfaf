// Generated from the rows of src/dataset/clients.ts by `node scripts/registry-lists.mjs`: do not edit.

/** The libraries and clients of dataset snippets, in the order an answer lists them. */
export const datasetClientNames = [
  "datasets",
  "pandas",
  "polars",
  "duckdb",
  "dask",
  "mlcroissant",
  "webdataset",
  "lerobot",
  "fiftyone",
  "lance",
  "requests",
  "fetch",
  "hf",
  "curl",
] as const;
