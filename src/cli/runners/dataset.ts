import type { DatasetCommandOptions } from "../commands/dataset.js";
import type { Runner } from "../fast-argv.js";

/** The dataset command, run by commander from dist/cli.cjs (its code loads only when it runs). */
export const datasetRunners = {
  dataset: async (dataset, options) => (await import("../commands/dataset.js")).datasetCommand(dataset, options as DatasetCommandOptions),
} satisfies Record<string, Runner>;
