import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import type { ModelRecord } from "../../src/model/record.js";
import { decideModel } from "../../src/model-answer/decision.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { snippetSources } from "../../src/ui/browser/snippet-sources.js";
import { noNotebookSaver, record, type } from "./browser-helpers.js";

// The core's decision, counted: the page asks for one per set of toggles it shows.
vi.mock("../../src/model-answer/decision.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/model-answer/decision.js")>();
  return { ...actual, decideModel: vi.fn(actual.decideModel) };
});

const asked = vi.mocked(decideModel);
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000 });

function page(model: ModelRecord) {
  const props = {
    sources: snippetSources,
    width: 100,
    height: 30,
    active: true,
    copy: async () => "Copied to the clipboard.",
    saveNotebook: noNotebookSaver,
    onBack: vi.fn(),
    onChooseModel: vi.fn(),
  };
  const view = render(<ModelPage model={model} {...props} />);
  return { ...view, frame: () => plain(view.lastFrame() ?? ""), show: (next: ModelRecord) => view.rerender(<ModelPage model={next} {...props} />) };
}

// together and featherless-ai live, novita in error, nscale in staging: p cycles auto, together, featherless-ai.
const qwen = record("examples/qwen2.5-7b-instruct.json");

describe("the model page's answers", () => {
  it("asks the core once per set of toggles, and shows a set again from the answer it keeps", async () => {
    asked.mockClear();
    const { stdin, frame } = page(qwen);
    await eventually(() => expect(frame()).toContain("Provider: auto (p: 1 of 3)"));
    expect(asked).toHaveBeenCalledTimes(1);
    expect(asked.mock.calls[0]?.[1]).toMatchObject({ provider: undefined, stream: false });
    await type(stdin, "p");
    await eventually(() => expect(frame()).toContain("Provider: together (p: 2 of 3)"));
    expect(frame()).toContain('provider="together"');
    expect(asked).toHaveBeenCalledTimes(2);
    await type(stdin, "p");
    await eventually(() => expect(frame()).toContain("Provider: featherless-ai (p: 3 of 3)"));
    expect(asked).toHaveBeenCalledTimes(3);
    // Back on the core's choice: the first answer, kept under it too.
    await type(stdin, "p");
    await eventually(() => expect(frame()).toContain("Provider: auto (p: 1 of 3)"));
    expect(asked).toHaveBeenCalledTimes(3);
    await type(stdin, "s");
    await eventually(() => expect(frame()).toContain("Stream: on"));
    expect(asked).toHaveBeenCalledTimes(4);
    expect(asked.mock.calls[3]?.[1]).toMatchObject({ provider: "auto", stream: true });
    await type(stdin, "s", "p");
    await eventually(() => expect(frame()).toContain("Provider: together (p: 2 of 3)"));
    expect(frame()).toContain("Stream: off");
    expect(asked).toHaveBeenCalledTimes(4);
    // Moving between snippets and tabs changes no toggle: no new answer.
    await type(stdin, "\u001b[C", "\t");
    await eventually(() => expect(frame()).toContain("Snippet: [python/transformers"));
    expect(asked).toHaveBeenCalledTimes(4);
  });

  it("answers a record it is given anew, even with the same toggles", async () => {
    asked.mockClear();
    const { frame, show } = page(qwen);
    await eventually(() => expect(frame()).toContain("Provider: auto (p: 1 of 3)"));
    const changed: ModelRecord = structuredClone(qwen);
    (changed.inferenceProviderMapping as Record<string, { status: string }>)["featherless-ai"]!.status = "error";
    show(changed);
    await eventually(() => expect(frame()).toContain("Provider: auto (p: 1 of 2)"));
    expect(asked).toHaveBeenCalledTimes(2);
    expect(asked.mock.calls[1]?.[0]).toBe(changed);
  });

  it("offers the stream toggle where the core says streaming changes the calls: a chat model its mapping names", async () => {
    // No pipeline_tag: its live mapping says conversational, and the calls it gets are chat.
    const mappedChat = record("test/fixtures/hub-records/llama-3.1-8b-instruct-expand.json");
    expect(mappedChat.pipeline_tag).toBeUndefined();
    const { stdin, frame } = page(mappedChat);
    await eventually(() => expect(frame()).toContain("Stream: off"));
    await type(stdin, "s");
    await eventually(() => expect(frame()).toContain("Stream: on"));
    expect(frame()).toMatch(/stream=True/);
  });
});
