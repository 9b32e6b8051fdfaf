import { UserError } from "../errors.js";
import { firstIssue } from "../validation/json-path.js";
import { configureZod } from "../validation/zod-config.js";
import { ModelRecordSchema, type ModelRecord } from "./record.js";

/** A model record made from command-line flags (`--id`, `--task`, `--tag`), validated like a file would be. */
export function modelRecordFromFlags(id: string, task: string | undefined, tags: string[]): ModelRecord {
  configureZod();
  const result = ModelRecordSchema.safeParse({ id, pipeline_tag: task, tags });
  if (!result.success) throw new UserError(`--id/--task: not a valid model record: ${firstIssue(result.error)}`);
  return result.data;
}
