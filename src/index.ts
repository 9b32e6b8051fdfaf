// The library API: records in, answers out, and the catalogue. Nothing from the terminal faces, and none of the
// steps of a decision (providers, requests, quantizations, formats): those are the answers' business, free to change.

// Records: read from a file or a string, or validated by their schema.
export { ModelRecordSchema, modelIdPattern, type ModelRecord } from "./model/record.js";
export { readModelRecord, parseModelRecord } from "./model/read.js";
export { DatasetRecordSchema, DatasetConfigSchema, DataFilesSchema, type DatasetRecord, type DataFiles } from "./dataset/record.js";
export { readDatasetRecord, parseDatasetRecord } from "./dataset/read.js";

// Answers: every snippet that runs a model or loads a dataset, with the notes and the notebook.
export { getModelSnippets } from "./model-answer/model-snippets.js";
export {
  snippetKinds,
  type AnswerFilter,
  type ModelChoices,
  type ModelSnippet,
  type ModelSnippets,
  type ModelSnippetOptions,
  type SnippetKind,
} from "./model-answer/answer.js";
export { getModelNotebook } from "./notebook/model-notebook.js";
// Deploy code for a dedicated endpoint (Inference Endpoints, SageMaker, Vertex AI, Azure ML), as `--deploy` prints it.
export { getDeploySnippets, type DeployAnswer, type DeployOptions, type DeployPlan, type DeploySnippet } from "./deploy/deploy.js";
export { getDatasetNotebook } from "./notebook/dataset-notebook.js";
export { getDatasetSnippets, type DatasetSnippet, type DatasetSnippetOptions, type DatasetSnippets } from "./dataset/snippets.js";
// One provider's calls, as @huggingface/inference's snippets.getInferenceSnippets writes them (the benchmark's peer).
export { getInferenceSnippets } from "./inference/snippets.js";
export type { InferenceSnippetOptions } from "./inference/request.js";
export type { Policy } from "./inference/policy.js";
export type { JsonSchemaOption } from "./inference/structured-output.js";
export { inferenceKinds, type InferenceKind } from "./catalogue/inference-kinds.js";
export type { Language } from "./code/languages.js";
export type { Client } from "./inference/clients.js";
export type { Snippet } from "./code/snippet.js";
export { notebookJson, type Notebook, type NotebookCell, type CodeCell, type MarkdownCell, type NotebookMetadata } from "./notebook/notebook.js";
export { notebookFileName } from "./notebook/file-name.js";
export { UserError, ExitCode } from "./errors.js";

// The catalogue: tasks, pipelines, libraries, apps, GGUF types, providers and dataset libraries.
export { listTaskIds, getTask, listTasks, taskModality, type TaskFilter } from "./catalogue/tasks.js";
export { listPipelines, getPipeline, listModalities, getModality } from "./catalogue/pipelines.js";
export { nearestIds } from "./catalogue/nearest.js";
export { listLibraries, getLibrary, listLibraryKeys, type LibraryFilter } from "./catalogue/libraries.js";
export { listApps, getApp } from "./catalogue/apps.js";
export { listQuantTypes, listTensorTypes, getQuantType, quantTypeOfLabel, parseQuantLabel, nearestQuant, type QuantLabel } from "./catalogue/quant.js";
export { GGUFFileType, GGMLTensorType, type GGUFFileTypeName, type GGMLTensorTypeName } from "./catalogue/gguf-types.js";
export { listProviders, getProvider, listProviderIds, type Provider, type ProviderRoute, type ProviderFilter } from "./catalogue/providers.js";
export { listDatasetLibraries, getDatasetLibrary } from "./catalogue/dataset-libraries.js";

// The schemas of the catalogue's rows (types are inferred from them).
export {
  TaskSchema,
  PipelineSchema,
  ModalitySchema,
  DemoItemSchema,
  LibrarySchema,
  RecipeCheckSchema,
  DatasetLibrarySchema,
  QuantTypeSchema,
  TensorTypeSchema,
  LocalAppSchema,
  ModelFormatSchema,
  type LocalApp,
  type ModelFormat,
  type Library,
  type RecipeCheck,
  type DatasetLibrary,
  type QuantType,
  type TensorType,
  type Task,
  type Pipeline,
  type Modality,
  type Subtask,
  type DemoItem,
  type DemoItemType,
  type DescribedId,
} from "./catalogue/schema.js";
export { ProviderSchema, ProviderRouteSchema } from "./catalogue/provider-schema.js";
