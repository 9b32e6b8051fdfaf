import type { DeployAnswer, DeploySnippet } from "../deploy/deploy.js";
import { deployTargetLabels, type DeployTarget } from "../deploy/targets.js";
import type { RecordView } from "../model/view.js";
import { cpuRuntime } from "./accelerator.js";
import { markdownName } from "./markdown.js";
import { notebookOf, type Notebook } from "./notebook.js";
import { notebookCells } from "./parts.js";

/*
 * The notebook of `snippet <record> --deploy [target] --notebook`: each target's deploy code under a line that says
 * what it creates and how its SDK signs in, after the token cell that finds every variable the code reads (the Hub
 * token, the cloud's role, project or workspace). The endpoint runs in the cloud: the notebook asks for no GPU.
 */

/** How each target's SDK finds the user's cloud credentials, which the code never holds. */
const signIn: Readonly<Record<DeployTarget, string>> = {
  endpoints: "huggingface_hub creates it with your Hugging Face token (HF_TOKEN), which the token cell found.",
  sagemaker: "It signs in with your AWS credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment, or a profile of `~/.aws`.",
  vertex:
    "The Vertex AI SDK signs in with your Google Cloud credentials: on Colab, run `from google.colab import auth; auth.authenticate_user()` first; elsewhere, `gcloud auth application-default login`.",
  azure:
    "DefaultAzureCredential signs in as `az login` did, or with a service principal's AZURE_CLIENT_ID, AZURE_TENANT_ID and AZURE_CLIENT_SECRET in the environment.",
};

function about(snippet: DeploySnippet): string {
  const target = deployTargetLabels[snippet.target];
  return (
    `## Deploy on ${target} with ${markdownName(snippet.client)}\n\n` +
    `Creates a dedicated endpoint, waits until it runs, calls it, then pauses or deletes it. It is billed by the hour while it runs. ${signIn[snippet.target]}`
  );
}

/** The notebook of a model's deploy answer (every snippet is Python): undefined when the answer has no code. */
export function deployNotebook(view: RecordView, answer: DeployAnswer): Notebook | undefined {
  if (answer.snippets.length === 0) return undefined;
  const facts = answer.plans.map(
    (plan) =>
      `${deployTargetLabels[plan.target]}: ${plan.engine.label} on ${markdownName(plan.instance.name)} (${plan.instance.memoryGb} GB, $${plan.instance.pricePerHour}/hour)`,
  );
  const secrets = [...new Set(answer.snippets.flatMap((snippet) => snippet.reads))].map((name) => [name]);
  const cells = notebookCells(view, { facts, secrets, snippets: answer.snippets, about });
  return notebookOf(cells, cpuRuntime);
}
