/*
 * The tables the radar compares: each upstream table we hold (or only watch), what a row of it is called in a
 * sentence, and which of our files holds it. A table with no file of ours is watched only: its changes are reported
 * for information and never need our attention.
 */

/** One row's facts: field → value, compared by value. */
export type Facts = Record<string, unknown>;

export const tableIds = [
  "task",
  "pipeline",
  "modality",
  "library",
  "app",
  "datasetLibrary",
  "ggufFileType",
  "ggmlTensorType",
  "ggufSizeOrder",
  "hardware",
  "provider",
  "providerRoute",
  "inferenceTemplate",
  "inferenceGating",
] as const;

export type TableId = (typeof tableIds)[number];

/** Every table: row key → facts. */
export type FactTables = Record<TableId, Map<string, Facts>>;

/** One change of a fact between two releases, said in a sentence, and whether our tables follow it. */
export interface Change {
  table: TableId;
  key: string;
  field?: string;
  sentence: string;
  /** Whether our tables follow it; undefined for a table we only watch. */
  followed: boolean | undefined;
  /** Where and why we do not follow it yet. */
  because?: string;
}

export interface TableInfo {
  /** What a row is called in a sentence ("library", "local app"). */
  kind: string;
  /** The package that holds it upstream. */
  from: "tasks" | "inference";
  /** Where our copy lives, or undefined for a table we only watch. */
  ours: string | undefined;
}

export const tables: Record<TableId, TableInfo> = {
  task: { kind: "task", from: "tasks", ours: "data/tasks/" },
  pipeline: { kind: "pipeline type", from: "tasks", ours: "data/pipelines.json" },
  modality: { kind: "modality", from: "tasks", ours: "data/modalities.json" },
  library: { kind: "library", from: "tasks", ours: "data/libraries.json, src/libraries/registry.ts" },
  app: { kind: "local app", from: "tasks", ours: "data/apps.json" },
  datasetLibrary: { kind: "dataset library", from: "tasks", ours: "data/dataset-libraries.json" },
  ggufFileType: { kind: "GGUF file type", from: "tasks", ours: "data/quant.json (fileTypes)" },
  ggmlTensorType: { kind: "GGML tensor type", from: "tasks", ours: "data/quant.json (tensorTypes)" },
  ggufSizeOrder: { kind: "GGUF size order", from: "tasks", ours: "data/quant.json (fileTypes order)" },
  hardware: { kind: "hardware", from: "tasks", ours: undefined },
  provider: { kind: "provider", from: "inference", ours: "data/providers.json" },
  providerRoute: { kind: "provider route", from: "inference", ours: "data/providers.json (routes, chatPath)" },
  inferenceTemplate: { kind: "inference template", from: "inference", ours: undefined },
  inferenceGating: { kind: "inference snippet rule", from: "inference", ours: "src/model/inference-kind.ts" },
};

/** Empty tables, to fill. */
export function emptyTables(): FactTables {
  return Object.fromEntries(tableIds.map((id) => [id, new Map<string, Facts>()])) as FactTables;
}
