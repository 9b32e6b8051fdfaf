/**
 * The libraries and clients of dataset snippets, in the order an answer lists them: Python's readers, the dataset
 * viewer's API from Python and JavaScript, then the shell's download and viewer calls. Kept apart from the
 * generators so that `--help` and option checks do not load them.
 */
export const datasetClientNames = ["datasets", "pandas", "polars", "duckdb", "dask", "mlcroissant", "webdataset", "lerobot", "fiftyone", "lance", "requests", "fetch", "hf", "curl"] as const;

export type DatasetClientName = (typeof datasetClientNames)[number];

/** Whether a name is one of the dataset clients. */
export const isDatasetClient = (name: string): name is DatasetClientName => (datasetClientNames as readonly string[]).includes(name);
