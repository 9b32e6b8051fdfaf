// The library API: the core, and nothing from the terminal faces.
export {
  listTaskIds,
  getTask,
  listTasks,
  taskModality,
  type TaskFilter,
} from "./catalogue/tasks.js";
export {
  listPipelines,
  getPipeline,
  listModalities,
  getModality,
} from "./catalogue/pipelines.js";
export { nearestIds } from "./catalogue/nearest.js";
export {
  listQuantTypes,
  listTensorTypes,
  getQuantType,
  quantTypeOfLabel,
  parseQuantLabel,
  nearestQuant,
  type QuantLabel,
} from "./catalogue/quant.js";
export {
  GGUFFileType,
  GGMLTensorType,
  type GGUFFileTypeName,
  type GGMLTensorTypeName,
} from "./catalogue/gguf-types.js";
export {
  listLibraries,
  getLibrary,
  listLibraryKeys,
  type LibraryFilter,
} from "./catalogue/libraries.js";
export {
  getLibrarySnippets,
  hasLibraryRecipe,
  libraryKeyOf,
  libraryKeysWithRecipes,
} from "./snippets/libraries/snippets.js";
export {
  listApps,
  getApp,
} from "./catalogue/apps.js";
export { appsForModel } from "./model/local-apps.js";
export { modelFormats } from "./model/formats.js";
export {
  getAllLocalAppSnippets,
  getLocalAppSnippets,
  hasAppRecipe,
  appPicksQuant,
  type LocalAppSnippetOptions,
} from "./snippets/apps/snippets.js";
export {
  chooseGgufQuant,
  defaultQuant,
  type GgufChoice,
  type GgufChoiceOptions,
} from "./snippets/gguf-choice.js";
export { parseMemorySize, type MemoryFit } from "./snippets/memory-fit.js";
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
export { UserError, ExitCode } from "./errors.js";
export {
  ModelRecordSchema,
  modelIdPattern,
  type ModelRecord,
} from "./model/record.js";
export { readModelRecord, parseModelRecord } from "./model/read.js";
export { getInferenceSnippets } from "./snippets/inference/snippets.js";
export {
  getModelSnippets,
  snippetKinds,
  type ModelSnippet,
  type ModelSnippets,
  type ModelSnippetOptions,
  type SnippetKind,
} from "./snippets/model-snippets.js";
export {
  chooseProvider,
  type ProviderChoice,
} from "./snippets/inference/provider-choice.js";
export { accessNote } from "./snippets/access-note.js";
export {
  installCommand,
  type PackageManager,
} from "./snippets/install.js";
export { withInstallLine } from "./snippets/install-line.js";
export {
  listProviders,
  getProvider,
  listProviderIds,
  providersForTask,
  type Provider,
  type ProviderRoute,
  type ProviderFilter,
} from "./catalogue/providers.js";
export {
  ProviderSchema,
  ProviderRouteSchema,
} from "./catalogue/provider-schema.js";
export {
  providerMappingOf,
  liveProviders,
  hasProviderMapping,
  withTaskFromMapping,
  type ProviderMappingEntry,
} from "./model/provider-mapping.js";
export {
  buildInferenceRequest,
  inferenceKindOf,
  noExampleMessage,
  type InferenceSnippetOptions,
  type InferenceRequest,
} from "./snippets/inference/request.js";
export {
  inferenceKinds,
  inferenceTasks,
  type InferenceKind,
} from "./snippets/inference/tasks.js";
export {
  clientsByLanguage,
  languages,
  type Language,
  type Client,
  type Snippet,
} from "./snippets/clients.js";
export {
  DatasetRecordSchema,
  DatasetConfigSchema,
  DataFilesSchema,
  type DatasetRecord,
  type DataFiles,
} from "./dataset/record.js";
export { readDatasetRecord, parseDatasetRecord } from "./dataset/read.js";
export {
  datasetView,
  type DatasetView,
  type DatasetConfig,
  type DatasetSplit,
  type FileFormat,
} from "./dataset/view.js";
export {
  getDatasetSnippets,
  type DatasetSnippet,
  type DatasetSnippetOptions,
  type DatasetSnippets,
} from "./dataset/snippets.js";
export {
  datasetClientNames,
  type DatasetClientName,
} from "./dataset/client-names.js";
export { datasetRecordUrl } from "./dataset/record-url.js";
export {
  listDatasetLibraries,
  getDatasetLibrary,
} from "./catalogue/dataset-libraries.js";
export { modelNotebook, inModelNotebook, type ModelNotebookInput } from "./notebook/model-notebook.js";
export { datasetNotebook, inDatasetNotebook, type DatasetNotebookInput } from "./notebook/dataset-notebook.js";
export { notebookJson, type Notebook, type NotebookCell, type CodeCell, type MarkdownCell, type NotebookMetadata } from "./notebook/notebook.js";
export { notebookFileName } from "./notebook/file-name.js";
