import { UserError } from "../errors.js";
import { formatBytes, marginFor, marginRule, memoryNeeded } from "../snippets/memory-fit.js";
import type { EndpointEngine, EndpointInstance } from "./schema.js";
import { endpointHardware } from "./tables.js";
import { vendorOfRegion } from "./regions.js";

/*
 * The instance an endpoint runs on: the smallest of the vendor's (by memory, then price) whose memory holds the
 * weights plus the margin `--memory` adds for the context (20% of the weights, at least 0.5 GB), among the
 * accelerators the engine runs on, the one it prefers first. Deprecated instances are never chosen; one asked for
 * by name is checked instead.
 */

export const defaultVendor = "aws";

export interface HardwareOptions {
  /** The cloud vendor (`aws`, `gcp`, `azure`): aws by default. */
  vendor?: string;
  /** One instance by name, `<instance type>-<size>` as `nvidia-l4-x1`: checked rather than chosen. */
  instance?: string;
  /** The region (checked against the table beforehand, src/deploy/regions.ts): its vendor's when --vendor is not given. */
  region?: string;
}

export type HardwareChoice = { fits: true; instance: EndpointInstance; needed: number | undefined; notes: string[] } | { fits: false; why: string };

/** An instance's name as `--instance` takes it. */
export const instanceName = (instance: EndpointInstance): string => `${instance.instanceType}-${instance.instanceSize}`;
const bytesOf = (instance: EndpointInstance) => instance.memoryGb * 1e9;
const describe = (instance: EndpointInstance) =>
  `${instance.architecture} ${instance.instanceSize} (${instance.instanceType}, ${instance.memoryGb} GB ${instance.accelerator === "gpu" ? "of GPU memory" : "of RAM"}, $${instance.pricePerHour}/hour)`;

export const describeInstance = describe;

/** What the weights need, said for people: the weights and the margin. */
export const neededText = (bytes: number, estimated: boolean): string =>
  `${formatBytes(memoryNeeded(bytes))} (${formatBytes(bytes)}${estimated ? " estimated" : ""} of weights + ${formatBytes(marginFor(bytes))} for the context: ${marginRule})`;

function vendorInstances(vendor: string, region: string | undefined): EndpointInstance[] {
  const all = endpointHardware().instances;
  const ofVendor = all.filter((instance) => instance.vendor === vendor);
  if (ofVendor.length === 0) {
    const vendors = [...new Set(all.map((instance) => instance.vendor))];
    throw new UserError(`--vendor '${vendor}' is not a vendor of Inference Endpoints (one of: ${vendors.join(", ")})`);
  }
  const found = ofVendor.filter((instance) => region === undefined || instance.region === region);
  if (found.length === 0) {
    const regions = [...new Set(ofVendor.map((instance) => instance.region))];
    throw new UserError(`--region '${region}' is not a region of ${vendor} in Inference Endpoints' table (one of: ${regions.join(", ")})`);
  }
  return found;
}

/** The engine runs on it: an accelerator it takes, and one GPU unless it spreads a model over several. */
const runsOn = (engine: EndpointEngine, instance: EndpointInstance) =>
  engine.accelerators.includes(instance.accelerator) && (instance.accelerator !== "gpu" || instance.accelerators === 1 || engine.multiGpu);

function askedInstance(
  engine: EndpointEngine,
  instances: EndpointInstance[],
  name: string,
  weights: { bytes: number | undefined; estimated: boolean },
  vendor: string,
): HardwareChoice {
  const instance = instances.find((candidate) => instanceName(candidate) === name);
  if (instance === undefined) {
    const names = instances.filter((candidate) => runsOn(engine, candidate) && candidate.deprecated === undefined).map(instanceName);
    throw new UserError(`--instance '${name}' is not an instance of ${vendor} (for ${engine.label}: ${names.join(", ")})`);
  }
  if (!runsOn(engine, instance)) {
    return { fits: false, why: `${engine.label} does not run on ${describe(instance)}` };
  }
  const notes = instance.deprecated === undefined ? [] : [`${instanceName(instance)} is marked "${instance.deprecated}" on the pricing page`];
  if (weights.bytes === undefined)
    return { fits: true, instance, needed: undefined, notes: [...notes, "the record does not say how big the weights are: check that they fit"] };
  const needed = memoryNeeded(weights.bytes);
  if (needed > bytesOf(instance))
    return { fits: false, why: `${describe(instance)} is too small: the model needs ${neededText(weights.bytes, weights.estimated)}` };
  return { fits: true, instance, needed, notes };
}

/** The instance for these weights (bytes undefined: the record does not tell; the smallest is taken, with a note). */
export function chooseHardware(
  engine: EndpointEngine,
  weights: { bytes: number | undefined; estimated: boolean },
  options: HardwareOptions = {},
): HardwareChoice {
  const vendor = options.vendor ?? (options.region === undefined ? undefined : vendorOfRegion(options.region)) ?? defaultVendor;
  const instances = vendorInstances(vendor, options.region);
  if (options.instance !== undefined) return askedInstance(engine, instances, options.instance, weights, vendor);
  const usable = instances.filter((instance) => instance.deprecated === undefined && runsOn(engine, instance));
  const bySize = (a: EndpointInstance, b: EndpointInstance) => a.memoryGb - b.memoryGb || a.pricePerHour - b.pricePerHour;
  const groups = engine.accelerators
    .map((accelerator) => usable.filter((instance) => instance.accelerator === accelerator).sort(bySize))
    .filter((group) => group.length > 0);
  if (groups.length === 0) return { fits: false, why: `${vendor} offers no instance that ${engine.label} runs on` };
  if (weights.bytes === undefined) {
    const smallest = groups[0]![0]!;
    return {
      fits: true,
      instance: smallest,
      needed: undefined,
      notes: [
        `the record does not say how big the weights are (the Hub's model API adds safetensors sizes with ?expand[]=safetensors, file sizes with ?blobs=true): ${describe(smallest)}, the smallest, is a guess`,
      ],
    };
  }
  const needed = memoryNeeded(weights.bytes);
  for (const group of groups) {
    const instance = group.find((candidate) => bytesOf(candidate) >= needed);
    if (instance !== undefined) return { fits: true, instance, needed, notes: [] };
  }
  const biggest = groups.flat().sort(bySize).at(-1)!;
  return {
    fits: false,
    why: `no ${vendor} instance that ${engine.label} runs on holds it: it needs ${neededText(weights.bytes, weights.estimated)}, and the biggest, ${describe(biggest)}, has less`,
  };
}
