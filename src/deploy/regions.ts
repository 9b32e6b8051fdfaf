import { ExitCode, UserError } from "../errors.js";
import { deployTargetLabels, type DeployTarget } from "./targets.js";
import { endpointHardware, sagemakerTable, vertexTable } from "./tables.js";
import { unknownIdError } from "../catalogue/nearest.js";

/*
 * `--region`: the regions each target's code is written for, from its table: Inference Endpoints' instance table
 * (of the vendor asked for), SageMaker's image registries (a region every Hugging Face container is in), Vertex
 * AI's locations. Azure ML has none: the endpoint runs in the workspace's region. A region no target asked for takes
 * is a usage error (exit 2) that lists the regions.
 */

/** The regions a target's code can be written for (none for Azure ML). */
export function deployRegions(target: DeployTarget, vendor?: string): string[] {
  if (target === "endpoints") {
    const rows = endpointHardware().instances.filter((row) => vendor === undefined || row.vendor === vendor);
    return [...new Set(rows.map((row) => row.region))];
  }
  if (target === "sagemaker") {
    const [first, ...others] = sagemakerTable().images.map((image) => Object.keys(image.registries));
    return (first ?? []).filter((region) => others.every((regions) => regions.includes(region)));
  }
  if (target === "vertex") return [...vertexTable().regions];
  return [];
}

/** Inference Endpoints' vendor whose instances are in a region, when --vendor is not given. */
export function vendorOfRegion(region: string): string | undefined {
  return endpointHardware().instances.find((row) => row.region === region)?.vendor;
}

export const azureRegionWhy = "--region does not apply to Azure ML: the endpoint runs in the region of the workspace the code names (AZURE_ML_WORKSPACE)";

const regionsText = (target: DeployTarget, vendor: string | undefined) => {
  const regions = deployRegions(target, vendor);
  if (target !== "endpoints" || vendor !== undefined) return regions.join(", ");
  // Inference Endpoints' regions, by vendor.
  const vendors = [...new Set(endpointHardware().instances.map((row) => row.vendor))];
  return vendors.map((name) => `${deployRegions(target, name).join(", ")} (${name})`).join(", ");
};

/**
 * The targets asked for that do not take the region, with why (each writes no code); a usage error (exit 2) when
 * the one target asked for does not take it, or none of them does.
 */
export function regionRefusals(
  targets: readonly DeployTarget[],
  region: string | undefined,
  vendor: string | undefined,
): Partial<Record<DeployTarget, string>> {
  if (region === undefined) return {};
  // An unknown vendor is refused with the vendors by the hardware's choice; its regions are not asked here.
  if (vendor !== undefined && !endpointHardware().instances.some((row) => row.vendor === vendor)) vendor = undefined;
  const takes = (target: DeployTarget) => deployRegions(target, vendor).includes(region);
  const [only] = targets;
  if (targets.length === 1 && only !== undefined) {
    if (only === "azure") throw new UserError(azureRegionWhy);
    if (!takes(only)) {
      const of = only === "endpoints" && vendor !== undefined ? ` for ${vendor}` : "";
      throw unknownIdError(
        "region",
        region,
        deployRegions(only, vendor),
        `one of: ${regionsText(only, vendor)}`,
        `in the table of ${deployTargetLabels[only]}${of}`,
      );
    }
    return {};
  }
  if (!targets.some(takes)) {
    const lists = targets.filter((target) => target !== "azure").map((target) => `${deployTargetLabels[target]}: ${regionsText(target, vendor)}`);
    throw new UserError(`unknown region '${region}': no deploy target's table holds it (${lists.join("; ")})`, ExitCode.noMatch);
  }
  const refusals: Partial<Record<DeployTarget, string>> = {};
  for (const target of targets) {
    if (target === "azure" || takes(target)) continue;
    refusals[target] = `the region '${region}' is not one of its table's (${regionsText(target, vendor)})`;
  }
  return refusals;
}
