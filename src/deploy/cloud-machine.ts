import type { RecordView } from "../model/view.js";
import { chooseMachine, type Candidate, type Choice } from "./fit.js";
import type { EngineKey } from "./schema.js";
import { engineRules } from "./tables.js";
import { servedWeights } from "./weights.js";

/*
 * The machine of a cloud whose table names GPU machines alone (Vertex AI, Azure ML): its rows as candidates, and
 * the smallest on which the model's engine starts (src/deploy/fit.ts), or the one --instance names, checked.
 */

/** A GPU machine of a cloud's table: its GPUs, their memory together and their compute capability. */
export interface GpuRow<R> {
  row: R;
  name: string;
  gpus: number;
  memoryBytes: number;
  /** From data/deploy/gpus.json; undefined for a GPU it does not know. */
  capability: number | undefined;
  describe: string;
}

export const gpuCandidate = <R>(gpu: GpuRow<R>): Candidate<R> => ({
  row: gpu.row,
  name: gpu.name,
  machine: { accelerator: "gpu", gpus: gpu.gpus, memoryBytes: gpu.memoryBytes, capability: gpu.capability },
  price: undefined,
  describe: gpu.describe,
});

export function chooseCloudMachine<R>(label: string, view: RecordView, engine: EngineKey, all: Candidate<R>[], named: string | undefined): Choice<R> {
  const demand = servedWeights(view, engine, undefined).demand;
  return chooseMachine({ label, rules: engineRules(engine), demand, groups: [all], all, named, context: undefined });
}
