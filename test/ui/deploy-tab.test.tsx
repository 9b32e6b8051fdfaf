import { describe, expect, it } from "vitest";
import { getDeploySnippets } from "../../src/deploy/deploy.js";
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
});
