import { formatBytes } from "../weights/memory-fit.js";
import { allowanceRule, fitMachine, machineRefusal, type Machine, type MachineFit, type ModelDemand } from "./memory-model.js";
import type { EngineRules } from "./schema.js";
import { unknownIdError } from "../catalogue/nearest.js";

/*
 * The machine a target deploys on: the cheapest (by price where the table has prices, else by memory) of the
 * groups the engine takes in order (the toolkit's CPU instances before its GPUs), whose memory model fits
 * (src/deploy/memory-model.ts); one named with --instance is checked instead. Every target's table is read into
 * these candidates, so the rules are the same for all four.
 */

export interface Candidate<R> {
  row: R;
  /** As --instance names it. */
  name: string;
  machine: Machine;
  /** USD per hour, where the table says. */
  price: number | undefined;
  /** For people: the machine, its GPUs, memory and price. */
  describe: string;
}

export type Fitted = Extract<MachineFit, { fits: true }>;
export type Choice<R> = { fits: true; candidate: Candidate<R>; fit: Fitted | undefined; notes: string[] } | { fits: false; why: string };

export interface ChoiceRequest<R> {
  /** The target's name, as the reasons say it ("aws", "SageMaker", "Vertex AI"). */
  label: string;
  rules: EngineRules;
  demand: ModelDemand;
  /** The candidates in the engine's order of preference, a group per accelerator. */
  groups: Candidate<R>[][];
  /** Every row, for one named (deprecated ones included). */
  all: Candidate<R>[];
  /** --instance. */
  named: string | undefined;
  /** --context. */
  context: number | undefined;
}

/** What the engine needs, for people: the weights as loaded, the overhead and the KV cache of the context. */
export function neededText(fit: Fitted, rules: EngineRules): string {
  const context = fit.context;
  const cache =
    rules.kvBytesPerValue === 0
      ? ""
      : fit.kvSized && context !== undefined && "tokens" in context
        ? ` + ${formatBytes(fit.kvBytes)} of KV cache for ${context.tokens.toLocaleString("en-US")} tokens`
        : ` + ${formatBytes(fit.kvBytes)} for the KV cache and activations (${allowanceRule}: the record has no dimensions of the model)`;
  return `${formatBytes(fit.weightBytes)} of weights as loaded + ${formatBytes(fit.overheadBytes)} for ${rules.label} itself${cache}`;
}

const byCost = <R>(a: Candidate<R>, b: Candidate<R>) =>
  (a.price ?? 0) - (b.price ?? 0) || a.machine.memoryBytes - b.machine.memoryBytes || a.machine.gpus - b.machine.gpus;

function checkNamed<R>(request: ChoiceRequest<R>, named: string): Choice<R> {
  const candidate = request.all.find((row) => row.name === named);
  if (candidate === undefined) {
    const names = request.groups.flat().map((row) => row.name);
    throw unknownIdError("instance", named, names, `for ${request.rules.label}: ${names.join(", ")}`, `in ${request.label}'s table`);
  }
  if (request.demand.weights.bytes === undefined) {
    const refused = machineRefusal(request.rules, request.demand, candidate.machine);
    if (refused !== undefined) return { fits: false, why: `${candidate.describe} cannot run it: ${refused}` };
    return { fits: true, candidate, fit: undefined, notes: ["the record does not say how big the weights are: check that they fit"] };
  }
  const fit = fitMachine(request.rules, request.demand, candidate.machine, request.context);
  if (!fit.fits) return { fits: false, why: `${candidate.describe} cannot run it: ${fit.why}` };
  return { fits: true, candidate, fit, notes: [] };
}

export function chooseMachine<R>(request: ChoiceRequest<R>): Choice<R> {
  const longest = request.demand.shape?.maxContext;
  if (request.context !== undefined && longest !== undefined && request.context > longest)
    return { fits: false, why: `--context ${request.context} is longer than the model's context, ${longest.toLocaleString("en-US")} tokens` };
  if (request.named !== undefined) return checkNamed(request, request.named);
  const { rules, demand, label } = request;
  const groups = request.groups.map((group) => [...group].sort(byCost)).filter((group) => group.length > 0);
  if (groups.length === 0) return { fits: false, why: `${label} offers no machine that ${rules.label} runs on` };
  const reasons = new Set<string>();
  if (demand.weights.bytes === undefined) {
    for (const candidate of groups.flat()) {
      const refused = machineRefusal(rules, demand, candidate.machine);
      if (refused !== undefined) {
        reasons.add(refused);
        continue;
      }
      const note = `the record does not say how big the weights are (the Hub's model API adds safetensors sizes with ?expand[]=safetensors, file sizes with ?blobs=true): ${candidate.describe}, the cheapest that runs ${rules.label}, is a guess; --instance names another`;
      return { fits: true, candidate, fit: undefined, notes: [note] };
    }
    return { fits: false, why: `no ${label} machine runs it: ${[...reasons].join("; ")}` };
  }
  let biggest: { candidate: Candidate<R>; why: string } | undefined;
  for (const group of groups) {
    for (const candidate of group) {
      const fit = fitMachine(rules, demand, candidate.machine, request.context);
      if (fit.fits) return { fits: true, candidate, fit, notes: [] };
      if (machineRefusal(rules, demand, candidate.machine) !== undefined) reasons.add(fit.why);
      else if (biggest === undefined || candidate.machine.memoryBytes > biggest.candidate.machine.memoryBytes) biggest = { candidate, why: fit.why };
    }
  }
  if (biggest !== undefined)
    return { fits: false, why: `no ${label} machine that ${rules.label} runs on holds it: the biggest, ${biggest.candidate.describe}: ${biggest.why}` };
  return { fits: false, why: `no ${label} machine runs it: ${[...reasons].join("; ")}` };
}
