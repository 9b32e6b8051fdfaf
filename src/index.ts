// The library API: the core, and nothing from the terminal faces.
export { listTaskIds, getTask, listTasks, taskModality, type TaskFilter } from "./catalogue/tasks.js";
export { listPipelines, getPipeline, listModalities, getModality } from "./catalogue/pipelines.js";
export { nearestIds } from "./catalogue/nearest.js";
export {
  TaskSchema,
  PipelineSchema,
  ModalitySchema,
  DemoItemSchema,
  type Task,
  type Pipeline,
  type Modality,
  type Subtask,
  type DemoItem,
  type DemoItemType,
  type DescribedId,
} from "./catalogue/schema.js";
export { UserError, ExitCode } from "./errors.js";
