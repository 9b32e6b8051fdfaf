import { UserError } from "../errors.js";
import { memoryNeeded } from "../snippets/memory-fit.js";
import { neededText } from "./hardware.js";
import type { ServedWeights } from "./weights.js";

/*
 * The smallest machine of a cloud's table whose accelerators hold the weights with the margin, or the one named
 * (checked against the weights), for the targets whose tables name machines alone (Vertex AI, Azure ML).
 */

export interface MachineRows<M> {
  /** The cloud's name, as the notes and reasons name it. */
  label: string;
  /** The rows that may be chosen, smallest first. */
  candidates: M[];
  /** Every row, for a machine named. */
  all: M[];
  name: (machine: M) => string;
  bytes: (machine: M) => number;
  describe: (machine: M) => string;
}

export type MachineChoice<M> = { fits: true; machine: M; notes: string[] } | { fits: false; why: string };

export function chooseMachine<M>(rows: MachineRows<M>, weights: ServedWeights, instance: string | undefined): MachineChoice<M> {
  const { label, candidates, name, bytes, describe } = rows;
  if (instance !== undefined) {
    const machine = rows.all.find((candidate) => name(candidate) === instance);
    if (machine === undefined) throw new UserError(`--instance '${instance}' is not in ${label}'s table (one of: ${candidates.map(name).join(", ")})`);
    if (weights.bytes !== undefined && memoryNeeded(weights.bytes) > bytes(machine))
      return { fits: false, why: `${describe(machine)} is too small: the model needs ${neededText(weights.bytes, weights.estimated)}` };
    return { fits: true, machine, notes: [] };
  }
  const smallest = candidates[0];
  if (smallest === undefined) return { fits: false, why: `no ${label} machine in the table` };
  if (weights.bytes === undefined)
    return { fits: true, machine: smallest, notes: [`${label}: the record does not say how big the weights are: ${name(smallest)}, the smallest, is a guess`] };
  const needed = memoryNeeded(weights.bytes);
  const machine = candidates.find((candidate) => bytes(candidate) >= needed);
  if (machine === undefined) return { fits: false, why: `no ${label} machine of the table holds it: it needs ${neededText(weights.bytes, weights.estimated)}` };
  return { fits: true, machine, notes: [] };
}
