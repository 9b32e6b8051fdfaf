import type { RecordView } from "../model/view.js";
import { formatBytes } from "../weights/memory-fit.js";
import { pythonAssignment, pythonCall, pythonString } from "../code/literals/python.js";
import { code, type DataValue } from "../values/data-value.js";
import { cloudParameters, cloudServing, cloudText, rerankRequest } from "./cloud-tasks.js";
import { chooseCloudMachine, gpuCandidate } from "./cloud-machine.js";
import type { AzureInstance, CloudCall } from "./schema.js";
import { azureTable, gpuNamed } from "./tables.js";

/*
 * Azure Machine Learning: MLClient with DefaultAzureCredential, a managed online endpoint (auth_mode "key"), a
 * managed online deployment of the model from the HuggingFace registry on the smallest GPU instance of
 * data/deploy/azure.json that holds the weights, one invoke, then the endpoint's deletion (which deletes its
 * deployments). Every name the code uses is held to the SDK's source in data/deploy/azure-signatures.json
 * (test/deploy/azure.test.ts).
 */

export type AzureDecision = { served: true; instance: AzureInstance; call: CloudCall; why: string; notes: string[] } | { served: false; why: string };

const bytesOf = (instance: AzureInstance) => instance.gpuMemoryGb * 1e9 * instance.gpus;
const describe = (instance: AzureInstance) =>
  `${instance.instanceType} (${instance.gpus} GPU${instance.gpus > 1 ? "s" : ""}, ${formatBytes(bytesOf(instance))})`;

/** The model's name in Azure ML's HuggingFace registry: the id with `/` as `-` (assumed, data/deploy/azure.json says so). */
const azureRegistryModel = (id: string): string => `azureml://registries/HuggingFace/models/${id.replaceAll("/", "-")}/labels/latest`;

export function azureDecision(view: RecordView, options: { instance?: string }): AzureDecision {
  // The engines and tasks, and the rule for gated and private models: data/deploy/cloud-tasks.json.
  const serving = cloudServing("azure", view);
  if (!serving.served) return serving;
  const table = azureTable();
  const all = table.instances.map((instance) =>
    gpuCandidate({
      row: instance,
      name: instance.instanceType,
      gpus: instance.gpus,
      memoryBytes: bytesOf(instance),
      capability: gpuNamed("azure", instance.instanceType)?.computeCapability,
      describe: describe(instance),
    }),
  );
  const choice = chooseCloudMachine("Azure ML", view, serving.engine, all, options.instance);
  if (!choice.fits) return { served: false, why: choice.why };
  return {
    served: true,
    instance: choice.candidate.row,
    call: serving.call,
    why: `${serving.label} of the HuggingFace registry's model on ${choice.candidate.describe}`,
    notes: choice.notes.map((note) => `Azure ML: ${note}`),
  };
}

/** The request the endpoint is invoked with, as the Hugging Face containers take it. */
function requestBody(view: RecordView, call: CloudCall): Record<string, DataValue> {
  const text = cloudText(view, call);
  if (call === "generation") return { inputs: text, parameters: { max_new_tokens: 100 } };
  if (call === "rerank") return rerankRequest();
  const parameters = cloudParameters(view, call);
  return parameters === undefined ? { inputs: text } : { inputs: text, parameters };
}

/** MLClient's workspace arguments and the environment variables the code reads them from. */
export const azureWorkspace = [
  ["subscription_id", "AZURE_SUBSCRIPTION_ID"],
  ["resource_group_name", "AZURE_RESOURCE_GROUP"],
  ["workspace_name", "AZURE_ML_WORKSPACE"],
] as const;

export function azurePython(view: RecordView, decision: Extract<AzureDecision, { served: true }>, name: string): string {
  const { instance } = decision;
  const lines = [
    "import json",
    "import os",
    "",
    "from azure.ai.ml import MLClient",
    "from azure.ai.ml.entities import ManagedOnlineDeployment, ManagedOnlineEndpoint",
    "from azure.identity import DefaultAzureCredential",
    "",
    "# Your subscription, resource group and Azure Machine Learning workspace.",
    pythonCall("ml_client = MLClient(", [
      [undefined, code("DefaultAzureCredential()")],
      ...azureWorkspace.map(([argument, variable]): [string, DataValue] => [argument, code(`os.environ[${pythonString(variable)}]`)]),
    ]),
    "",
    `name = ${pythonString(name)}`,
    'endpoint = ManagedOnlineEndpoint(name=name, auth_mode="key")',
    "ml_client.online_endpoints.begin_create_or_update(endpoint).result()",
    "",
    "# The model from Azure ML's HuggingFace registry; the first start takes several minutes.",
    pythonCall("deployment = ManagedOnlineDeployment(", [
      ["name", "default"],
      ["endpoint_name", code("name")],
      ["model", azureRegistryModel(view.id)],
      ["instance_type", instance.instanceType],
      ["instance_count", 1],
    ]),
    "ml_client.online_deployments.begin_create_or_update(deployment).result()",
    "",
    pythonAssignment("body =", requestBody(view, decision.call)),
    'with open("request.json", "w") as file:',
    "    json.dump(body, file)",
    pythonCall("response = ml_client.online_endpoints.invoke(", [
      ["endpoint_name", code("name")],
      ["deployment_name", "default"],
      ["request_file", "request.json"],
    ]),
    "print(response)",
    "",
    "# An endpoint is billed while it exists: deleting it deletes its deployment.",
    "ml_client.online_endpoints.begin_delete(name=name).result()",
  ];
  return `${lines.join("\n")}\n`;
}
