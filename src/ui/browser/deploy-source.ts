import { getDeploySnippets, type DeployAnswer } from "../../deploy/deploy.js";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../code/snippet.js";
import { deployNotebook } from "../../notebook/deploy-notebook.js";
import type { SnippetSource } from "./snippet-source.js";

/*
 * The model page's Deploy tab: the code that puts the model on a dedicated endpoint, every target that serves it, as
 * `snippet <record> --deploy` prints it. The core decides (src/deploy/); the tab shows its answer and its notes. The
 * answer depends on the record alone, so it is asked once per record.
 */

const answers = new WeakMap<ModelRecord, DeployAnswer>();

function deployAnswer(model: ModelRecord): DeployAnswer {
  let answer = answers.get(model);
  if (answer === undefined) {
    try {
      answer = getDeploySnippets(model);
    } catch {
      // A record the deploy decision refuses (an unsendable field) has no Deploy tab.
      answer = { snippets: [], plans: [], notes: [], missing: {}, checked: {} };
    }
    answers.set(model, answer);
  }
  return answer;
}

export const deploySource: SnippetSource = {
  id: "deploy",
  label: "Deploy",
  snippetsFor: (_page, model) => {
    return deployAnswer(model).snippets.map((snippet): Snippet => ({
      language: snippet.language,
      client: snippet.target,
      content: snippet.content,
      install: snippet.install,
    }));
  },
  // n: the notebook of the form shown, which creates one endpoint (snippet --deploy <target> --client <sdk> --notebook).
  notebookFor: (page, shown) => {
    const { view } = page.decision;
    const answer = deployAnswer(view.record);
    const snippet = answer.snippets.find((candidate) => candidate.target === shown?.client && candidate.content === shown.content);
    if (snippet === undefined) return { reason: `no deploy code for ${view.id} to write as a notebook` };
    const plans = answer.plans.filter((plan) => plan.target === snippet.target);
    const notebook = deployNotebook(view, { ...answer, snippets: [snippet], plans });
    return notebook === undefined ? { reason: `no deploy code for ${view.id} to write as a notebook` } : { notebook, id: view.id };
  },
  noteFor: (page) => {
    const notes = deployAnswer(page.decision.view.record).notes;
    return notes.length > 0 ? notes.join(" ") : undefined;
  },
};
