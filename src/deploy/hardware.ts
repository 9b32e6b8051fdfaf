import { chooseMachine, type Candidate, type Fitted } from "./fit.js";
import type { ModelDemand } from "./memory-model.js";
import type { Accelerator, EndpointEngine, EndpointInstance } from "./schema.js";
import { endpointHardware, engineRules, gpuNamed } from "./tables.js";
import { vendorOfRegion } from "./regions.js";
import { unknownIdError } from "../catalogue/nearest.js";

/*
 * The instance an Inference Endpoint runs on: the cheapest of the vendor's, among the accelerators the engine runs
 * on (the one it prefers first), on which the engine starts with the model as its own rules say
 * (src/deploy/memory-model.ts). Deprecated instances are never chosen; one asked for by name is checked instead.
 */

const defaultVendor = "aws";

export interface HardwareOptions {
  /** The cloud vendor (`aws`, `gcp`, `azure`): aws by default. */
  vendor?: string;
  /** One instance by name, `<instance type>-<size>` as `nvidia-l4-x1`: checked rather than chosen. */
  instance?: string;
  /** The region (checked against the table beforehand, src/deploy/regions.ts): its vendor's when --vendor is not given. */
  region?: string;
  /** The context (tokens) the engine is started with: chosen from the memory otherwise. */
  context?: number;
}

export type HardwareChoice = { fits: true; instance: EndpointInstance; fit: Fitted | undefined; notes: string[] } | { fits: false; why: string };

/** An instance's name as `--instance` takes it. */
export const instanceName = (instance: EndpointInstance): string => `${instance.instanceType}-${instance.instanceSize}`;

export const describeInstance = (instance: EndpointInstance): string =>
  `${instance.architecture} ${instance.instanceSize} (${instance.instanceType}, ${instance.memoryGb} GB ${instance.accelerator === "gpu" ? "of GPU memory" : "of RAM"}, $${instance.pricePerHour}/hour)`;

function vendorInstances(vendor: string, region: string | undefined): EndpointInstance[] {
  const all = endpointHardware().instances;
  const ofVendor = all.filter((instance) => instance.vendor === vendor);
  if (ofVendor.length === 0) {
    const vendors = [...new Set(all.map((instance) => instance.vendor))];
    throw unknownIdError("vendor", vendor, vendors, `one of: ${vendors.join(", ")}`, "of Inference Endpoints");
  }
  const found = ofVendor.filter((instance) => region === undefined || instance.region === region);
  if (found.length === 0) {
    const regions = [...new Set(ofVendor.map((instance) => instance.region))];
    throw unknownIdError("region", region ?? "", regions, `one of: ${regions.join(", ")}`, `of ${vendor} in Inference Endpoints' table`);
  }
  return found;
}

const candidateOf = (instance: EndpointInstance): Candidate<EndpointInstance> => ({
  row: instance,
  name: instanceName(instance),
  machine: {
    accelerator: instance.accelerator,
    gpus: instance.accelerator === "gpu" ? instance.accelerators : 1,
    memoryBytes: instance.memoryGb * 1e9,
    capability: instance.accelerator === "gpu" ? gpuNamed("endpoints", instance.instanceType)?.computeCapability : undefined,
  },
  price: instance.pricePerHour,
  describe: describeInstance(instance),
});

/**
 * The instance for the model (its weights' bytes undefined: the record does not tell, and the cheapest that runs
 * the engine is taken, with a note). `accelerators` narrows the engine's (a diffusers pipeline is never put on a CPU).
 */
export function chooseHardware(
  engine: EndpointEngine,
  demand: ModelDemand,
  options: HardwareOptions = {},
  accelerators: readonly Accelerator[] = engine.accelerators,
): HardwareChoice {
  const vendor = options.vendor ?? (options.region === undefined ? undefined : vendorOfRegion(options.region)) ?? defaultVendor;
  const instances = vendorInstances(vendor, options.region);
  const all = instances.filter((instance) => accelerators.includes(instance.accelerator)).map(candidateOf);
  const groups = accelerators.map((accelerator) =>
    all.filter((candidate) => candidate.row.accelerator === accelerator && candidate.row.deprecated === undefined),
  );
  const choice = chooseMachine({ label: vendor, rules: engineRules(engine.key), demand, groups, all, named: options.instance, context: options.context });
  if (!choice.fits) return choice;
  const instance = choice.candidate.row;
  const notes =
    instance.deprecated === undefined ? choice.notes : [`${instanceName(instance)} is marked "${instance.deprecated}" on the pricing page`, ...choice.notes];
  return { fits: true, instance, fit: choice.fit, notes };
}
