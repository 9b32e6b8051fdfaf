import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { appsForModel } from "../../src/catalogue/apps.js";
import { providersForTask } from "../../src/catalogue/providers.js";
import type { ModelRecord } from "../../src/model/record.js";
import { getLocalAppSnippets } from "../../src/snippets/apps/snippets.js";
import { getInferenceSnippets } from "../../src/snippets/inference/snippets.js";
import { getLibrarySnippets } from "../../src/snippets/libraries/snippets.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { providerChoices } from "../../src/ui/browser/provider-choices.js";
import { snippetSources, type SnippetSource } from "../../src/ui/browser/snippet-sources.js";
import { fixture, keys, record, type } from "./browser-helpers.js";

const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");

function page(model: ModelRecord, options: { sources?: readonly SnippetSource[]; copy?: (text: string) => Promise<string> } = {}) {
  const copy = vi.fn(options.copy ?? (async () => "Copied to the clipboard."));
  const view = render(
    <ModelPage
      model={model}
      sources={options.sources ?? snippetSources}
      width={100}
      height={30}
      active
      copy={copy}
      onBack={vi.fn()}
      onChooseModel={vi.fn()}
      onQuit={vi.fn()}
    />,
  );
  const frame = () => plain(view.lastFrame() ?? "");
  const tabLine = () => frame().split("\n")[1] ?? "";
  return { ...view, copy, frame, tabLine };
}

const gguf = record(fixture("llama-gguf.json"));
const llama = record("examples/llama-3.1-8b-instruct.json");
const whisper = record("examples/whisper-large-v3.json");

describe("the model page", () => {
  it("shows a tab for each kind of snippet the model has: inference, library, local apps", () => {
    const { tabLine } = page(llama);
    expect(tabLine()).toMatch(/Inference\s+Library\s+Local apps/);
  });

  it("leaves out a tab with nothing to show", () => {
    expect(getLibrarySnippets(gguf)).toEqual([]);
    const { tabLine } = page(gguf);
    expect(tabLine()).toContain("Inference");
    expect(tabLine()).toContain("Local apps");
    expect(tabLine()).not.toContain("Library");
  });

  it("copies the shown snippet of each tab with c", async () => {
    const { stdin, copy, frame } = page(llama);
    // On a busy machine a render may come after the typing's pauses: wait for what each key makes.
    const eventually = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });
    await type(stdin, keys.right, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getInferenceSnippets(llama)[1]?.content));
    await eventually(() => expect(frame()).toContain("Copied to the clipboard."));
    await type(stdin, keys.tab, "c");
    await eventually(() => expect(frame()).toContain("Snippet:  python/transformers"));
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getLibrarySnippets(llama)[0]?.content));
    await type(stdin, keys.tab, "c");
    const [firstApp] = appsForModel(llama);
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getLocalAppSnippets(llama, firstApp!.key)[0]?.content));
    expect(frame()).toContain(`sh/${firstApp!.key}`);
  });

  it("counts each Tab of a chunk that holds several", async () => {
    const { stdin, frame } = page(llama);
    await type(stdin, "\t\t");
    expect(frame()).toContain("Snippet:  sh/");
    expect(frame()).not.toContain("Stream:");
  });

  it("shows the local apps' commands with the chosen GGUF quant, and says which it is", async () => {
    const { stdin, frame } = page(gguf);
    await type(stdin, keys.tab);
    expect(frame()).toContain("GGUF quant: Q4_K_M");
    expect(frame()).toContain("bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M");
  });

  it("toggles streaming for a chat model, and offers no stream toggle to other models", async () => {
    const chat = page(llama);
    expect(chat.frame()).toContain("Stream: off");
    await type(chat.stdin, keys.right, keys.right, keys.right);
    expect(chat.frame()).toContain("python/requests");
    expect(chat.frame()).not.toContain("stream=True");
    await type(chat.stdin, "s");
    expect(chat.frame()).toContain("Stream: on");
    const streamed = getInferenceSnippets(llama, { stream: true, language: "python", client: "requests" })[0]?.content ?? "";
    expect(chat.frame()).toContain(streamed.split("\n").find((line) => /stream/i.test(line))?.trim() ?? "no stream line");

    const speech = page(whisper);
    expect(speech.frame()).not.toContain("Stream:");
    await type(speech.stdin, "s");
    expect(speech.frame()).not.toContain("Stream:");
  });

  it("cycles the providers the core offers for the model's task with p", async () => {
    const choices = providerChoices(llama);
    expect(choices).toEqual(providersForTask("conversational"));
    expect(choices.length).toBeGreaterThan(1);
    const { stdin, frame } = page(llama);
    expect(frame()).toContain(`Provider: ${choices[0]}`);
    await type(stdin, "p");
    expect(frame()).toContain(`Provider: ${choices[1]}`);
    const expected = getInferenceSnippets(llama, { provider: choices[1] })[0]?.content ?? "";
    const modelLine = expected.split("\n").find((line) => line.includes(llama.id));
    expect(frame()).toContain(modelLine?.trim());
  });

  it("takes a new kind of snippet as one more entry of the sources", () => {
    const extra: SnippetSource = { id: "notes", label: "Notes", snippetsFor: (model) => [{ language: "sh", client: "echo", content: `echo ${model.id}` }] };
    const { tabLine } = page(whisper, { sources: [...snippetSources, extra] });
    expect(tabLine()).toMatch(/Inference.*Notes/);
  });

  it("says there is nothing when the core makes no snippet for the model", () => {
    const { frame } = page(record(fixture("no-snippets.json")));
    expect(frame()).toContain("The core makes no snippet for someone/rl-agent");
  });
});
