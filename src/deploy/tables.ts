import { readPackagedJson } from "../catalogue/read-json.js";
import { dataDir } from "../paths.js";
import type {
  AzureTable,
  DeployTargetsTable,
  EndpointEngine,
  EndpointEngines,
  EndpointHardware,
  EngineKey,
  EngineRules,
  EngineRulesTable,
  GpuModel,
  GpuTable,
  SagemakerTable,
  ServingEngineKey,
  VertexTable,
} from "./schema.js";

/*
 * The tables of data/deploy/, read on first use (a default answer reads none of these; its --deploy hint reads
 * data/deploy/cloud-tasks.json alone, src/deploy/cloud-tasks.ts). Their schemas live in
 * schema.ts; test/deploy/tables.test.ts holds the files to them.
 */

let hardware: EndpointHardware | undefined;
let engines: EndpointEngines | undefined;

/** Inference Endpoints' instance types, with where and when they were read. */
export function endpointHardware(): EndpointHardware {
  return (hardware ??= readPackagedJson<EndpointHardware>(`${dataDir}deploy/endpoints-hardware.json`));
}

/** Inference Endpoints' serving engines, with where and when they were read. */
function endpointEngines(): EndpointEngines {
  return (engines ??= readPackagedJson<EndpointEngines>(`${dataDir}deploy/endpoints-engines.json`));
}

export function endpointEngine(key: EngineKey): EndpointEngine {
  const engine = endpointEngines().engines.find((candidate) => candidate.key === key);
  if (engine === undefined) throw new Error(`data/deploy/endpoints-engines.json has no engine '${key}'`);
  return engine;
}

let sagemaker: SagemakerTable | undefined;

/** SageMaker's Hugging Face containers and GPU instances, with where and when they were read. */
export function sagemakerTable(): SagemakerTable {
  return (sagemaker ??= readPackagedJson<SagemakerTable>(`${dataDir}deploy/sagemaker.json`));
}

let targets: DeployTargetsTable | undefined;

/** What each target's code was checked against (data/deploy/targets.json). */
export function deployChecks(): DeployTargetsTable {
  return (targets ??= readPackagedJson<DeployTargetsTable>(`${dataDir}deploy/targets.json`));
}

let vertex: VertexTable | undefined;

/** Vertex AI's GPU machines, as Model Garden's deploy names them, with where and when they were read. */
export function vertexTable(): VertexTable {
  return (vertex ??= readPackagedJson<VertexTable>(`${dataDir}deploy/vertex.json`));
}

let azure: AzureTable | undefined;

/** Azure ML's GPU instance types for managed online endpoints, with where and when they were read. */
export function azureTable(): AzureTable {
  return (azure ??= readPackagedJson<AzureTable>(`${dataDir}deploy/azure.json`));
}

let rules: EngineRulesTable | undefined;

/** A serving engine's own rules (data/deploy/engine-rules.json), each read from its source at a named commit. */
export function engineRules(key: ServingEngineKey): EngineRules {
  rules ??= readPackagedJson<EngineRulesTable>(`${dataDir}deploy/engine-rules.json`);
  const row = rules.engines.find((candidate) => candidate.engine === key);
  if (row === undefined) throw new Error(`data/deploy/engine-rules.json has no engine '${key}'`);
  return row;
}

let gpus: GpuTable | undefined;

/** The GPU models and their compute capabilities (data/deploy/gpus.json). */
function gpuTable(): GpuTable {
  return (gpus ??= readPackagedJson<GpuTable>(`${dataDir}deploy/gpus.json`));
}

/** The GPU model a target's table names a machine's GPUs by (an instance type, family, accelerator type). */
export function gpuNamed(target: "endpoints" | "sagemaker" | "vertex" | "azure", name: string): GpuModel | undefined {
  return gpuTable().gpus.find((gpu) => gpu[target].includes(name));
}
