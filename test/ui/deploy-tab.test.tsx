import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
import { recordView } from "../../src/model/view.js";
import { deployNotebook } from "../../src/notebook/deploy-notebook.js";
import { notebookJson } from "../../src/notebook/notebook.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { notebookSaver } from "../../src/ui/browser/notebook-file.js";
import { snippetSources } from "../../src/ui/browser/snippet-sources.js";
import { keys, record, renderApp, type } from "./browser-helpers.js";

/* The model page's Deploy tab shows what `snippet <record> --deploy` prints: the core's deploy answer, read as it is. */

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const qwen = "examples/qwen2.5-7b-instruct.json";

describe("the Deploy tab", () => {
  it("shows the deploy code and its notes for a model a target serves", async () => {
    const view = renderApp({ columns: 160, rows: 40, initialModel: { model: record(qwen), origin: qwen } });
    await type(view.stdin);
    for (let press = 0; press < 5 && !view.frame().includes("[Deploy]"); press += 1) await type(view.stdin, keys.tab);
    const frame = plain(view.frame());
    expect(frame).toContain("[Deploy]");
    expect(frame).toContain("create_inference_endpoint(");
    expect(frame).toContain("Inference Endpoints: vLLM");
    const answer = getDeploySnippets(record(qwen));
    expect(frame).toContain(answer.snippets[0]!.content.split("\n")[0]!);
    view.unmount();
  });

  it("is not offered for a model no target serves", async () => {
    const agent = { id: "someone/agent", library_name: "stable-baselines3", tags: [] };
    expect(getDeploySnippets(agent).snippets).toEqual([]);
    const view = renderApp({ columns: 160, rows: 40, initialModel: { model: agent, origin: "agent.json" } });
    await type(view.stdin);
    expect(plain(view.frame())).not.toContain("Deploy");
    view.unmount();
  });

  it("writes, with n, the notebook of the form it shows: the code that creates one endpoint", async () => {
    const folder = mkdtempSync(join(tmpdir(), "hub-snippets-deploy-n-"));
    try {
      const model = record(qwen);
      const view = render(
        <ModelPage
          model={model}
          sources={snippetSources}
          width={160}
          height={40}
          active
          copy={async () => "Copied to the clipboard."}
          saveNotebook={notebookSaver(folder)}
          onBack={vi.fn()}
          onChooseModel={vi.fn()}
        />,
      );
      for (let press = 0; press < 5 && !plain(view.lastFrame() ?? "").includes("[Deploy]"); press += 1) await type(view.stdin, keys.tab);
      await type(view.stdin, "n");
      const path = join(folder, "Qwen--Qwen2.5-7B-Instruct.ipynb");
      await vi.waitFor(() => expect(plain(view.lastFrame() ?? "")).toContain(`Wrote ${path}`), { timeout: 5_000 });
      const answer = getDeploySnippets(model);
      const first = answer.snippets[0]!;
      const expected = deployNotebook(recordView(model), { ...answer, snippets: [first], plans: answer.plans.filter((plan) => plan.target === first.target) })!;
      expect(readFileSync(path, "utf8")).toBe(notebookJson(expected));
      view.unmount();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
