import type { RecordView } from "../model/view.js";
import { cloudServing } from "./cloud-tasks.js";
import { endpointEngineFor } from "./engine.js";
import { unknownIdError } from "../catalogue/nearest.js";

/*
 * The places a model is deployed to, in the order `--deploy` lists them. Each target's code is written
 * (issue 54); a target that cannot serve a model answers with why not.
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

/** A target given by name, checked: an unknown one is an unknown id (exit 1) with the nearest, or the list. */
export function checkDeployTarget(name: string): DeployTarget {
  if (isDeployTarget(name)) return name;
  throw unknownIdError("deploy target", name, deployTargets, `one of: ${deployTargets.join(", ")}`);
}

/** The targets that serve the model, from its view alone (cheap: what a default answer's hint reads). */
export function deployTargetsFor(view: RecordView): DeployTarget[] {
  if (view.disabled) return [];
  // From the engine alone: SageMaker's code is written for TGI's and TEI's models, rerankers aside.
  const engine = endpointEngineFor(view);
  if (!engine.served) return [];
  const targets: DeployTarget[] = ["endpoints"];
  if ((engine.engine === "vllm" || engine.engine === "tei") && view.task !== "text-ranking") targets.push("sagemaker");
  // Vertex AI's and Azure ML's from the one table of the engines, tasks and gated models they take (the only table read).
  for (const target of ["vertex", "azure"] as const) if (cloudServing(target, view, engine).served) targets.push(target);
  return targets;
}
