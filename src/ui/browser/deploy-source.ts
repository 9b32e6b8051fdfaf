import { getDeploySnippets, type DeployAnswer } from "../../deploy/deploy.js";
import type { ModelRecord } from "../../model/record.js";
import type { Snippet } from "../../snippets/clients.js";
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
  noteFor: (page) => {
    const notes = deployAnswer(page.decision.view.record).notes;
    return notes.length > 0 ? notes.join(" ") : undefined;
  },
};
