import { UserError } from "../errors.js";
import type { RecordView } from "../model/view.js";
import { endpointEngineFor } from "./engine.js";

/*
 * The places a model is deployed to, in the order `--deploy` lists them. Inference Endpoints', SageMaker's (boto3)
 * and Vertex AI's (Model Garden) code is written so far; the others answer with why not, until their rows are written (issue 54).
 */

export const deployTargets = ["endpoints", "sagemaker", "vertex", "azure"] as const;
export type DeployTarget = (typeof deployTargets)[number];

export const deployTargetLabels: Readonly<Record<DeployTarget, string>> = {
  endpoints: "Hugging Face Inference Endpoints",
  sagemaker: "Amazon SageMaker",
  vertex: "Google Cloud Vertex AI",
  azure: "Azure Machine Learning",
};

export const isDeployTarget = (name: string): name is DeployTarget => (deployTargets as readonly string[]).includes(name);

/** A target given by name, checked: an unknown one is a usage error (exit 2) that lists them. */
export function checkDeployTarget(name: string): DeployTarget {
  if (isDeployTarget(name)) return name;
  throw new UserError(`unknown deploy target '${name}' (one of: ${deployTargets.join(", ")})`);
}

/** Why a target has no code for any model yet; undefined for a target whose code is written. */
export const notWrittenYet: Readonly<Partial<Record<DeployTarget, string>>> = {
  azure: "hub-snippets does not write Azure Machine Learning code yet",
};

/** The targets that serve the model, from its view alone (cheap: what a default answer's hint reads). */
export function deployTargetsFor(view: RecordView): DeployTarget[] {
  if (view.disabled) return [];
  // From the engine alone (no table read): SageMaker's code is written for TGI's and TEI's models, rerankers aside.
  const engine = endpointEngineFor(view);
  if (!engine.served) return [];
  // Vertex AI's (Model Garden) likewise, for vLLM's and TEI's.
  const container = (engine.engine === "vllm" || engine.engine === "tei") && view.task !== "text-ranking";
  return container ? ["endpoints", "sagemaker", "vertex"] : ["endpoints"];
}
