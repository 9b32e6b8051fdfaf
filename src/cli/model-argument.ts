import { listPipelines } from "../catalogue/pipelines.js";
import { unknownIdError } from "../catalogue/nearest.js";
import { UserError } from "../errors.js";
import { modelRecordFromFlags } from "../model/from-flags.js";
import type { ModelRecord } from "../model/record.js";
import { readRecordArgument } from "./record-source.js";

/** The model a `snippet` command line names: a record (file, stdin, example), or --id with --task and --tag. */
export interface ModelArgumentOptions {
  id?: string;
  task?: string;
  tag?: string[];
}

/** `--task` with `--id`: a pipeline the Hub knows; asked for when --id comes alone (tags alone may do, as `--tag gguf`). */
function taskOption(id: string, task: string | undefined, tags: readonly string[]): string | undefined {
  const pipelines = listPipelines().map((pipeline) => pipeline.id);
  if (task === undefined) {
    if (tags.length > 0) return undefined;
    throw new UserError(`--id ${id}: give the model's task too, with --task <pipeline> (such as --task text-generation, --task fill-mask)`);
  }
  if (pipelines.includes(task)) return task;
  throw unknownIdError("task", task, pipelines, `one of the Hub's pipelines: ${pipelines.join(", ")}`);
}

export function loadModel(source: string | undefined, options: ModelArgumentOptions): ModelRecord {
  if (source !== undefined && options.id !== undefined) throw new UserError("give either a model record or --id, not both");
  if (source !== undefined) return readRecordArgument(source);
  if (options.id !== undefined) return modelRecordFromFlags(options.id, taskOption(options.id, options.task, options.tag ?? []), options.tag ?? []);
  throw new UserError("missing model: give a model record file, - to read it from stdin, or --id <model-id> --task <task>");
}
