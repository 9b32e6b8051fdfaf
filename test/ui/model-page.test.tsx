import { render } from "ink-testing-library";
import { describe, expect, it, vi } from "vitest";
import { providersForTask } from "../../src/catalogue/providers.js";
import type { ModelRecord } from "../../src/model/record.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { ModelRecordSchema } from "../../src/model/record.js";
import { ModelPage } from "../../src/ui/browser/ModelPage.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";

import { snippetSources, type SnippetSource } from "../../src/ui/browser/snippet-sources.js";
import { fixture, keys, noNotebookSaver, record, type } from "./browser-helpers.js";
import { appsForModel, getLibrarySnippets, getLocalAppSnippets } from "../helpers/record-twins.js";

const defaultToggles = { provider: undefined, policy: undefined, stream: false, memory: undefined };

/** The providers the page's p cycles: what the core's answer for a page offers. */
const providerChoices = (model: ModelRecord) => pageAnswer(model, defaultToggles).page?.providers ?? [];
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
      saveNotebook={noNotebookSaver}
      onBack={vi.fn()}
      onChooseModel={vi.fn()}
    />,
  );
  const frame = () => plain(view.lastFrame() ?? "");
  const tabLine = () => frame().split("\n")[1] ?? "";
  return { ...view, copy, frame, tabLine };
}

const gguf = record(fixture("llama-gguf.json"));
// Records without a provider mapping (what a plain /api/models/<id> returns): hf-inference is assumed for them.
const llama = record("test/fixtures/no-mapping/llama-3.1-8b-instruct.json");
const whisper = record("test/fixtures/no-mapping/whisper-large-v3.json");

describe("the model page", () => {
  it("shows a tab for each kind of snippet the model has: inference, library, local apps", () => {
    const { tabLine } = page(llama);
    expect(tabLine()).toMatch(/\[Inference\]\s+Library\s+Local apps/);
  });

  it("leaves out a tab with nothing to show", () => {
    const plainModel = ModelRecordSchema.parse({ id: "acme/sentiment", pipeline_tag: "text-classification" });
    expect(getLibrarySnippets(plainModel)).toEqual([]);
    const { tabLine } = page(plainModel);
    expect(tabLine()).toContain("Inference");
    expect(tabLine()).not.toContain("Library");
    expect(tabLine()).not.toContain("Local apps");
  });

  it("opens a GGUF repository on its local apps, beside its llama-cpp-python code, with no inference tab", () => {
    const { tabLine, frame } = page(gguf);
    expect(tabLine()).toMatch(/Library\s+\[Local apps\]/);
    expect(tabLine()).not.toContain("Inference");
    expect(frame()).toMatch(/App:\s+\[llama\.cpp 1\/3/);
  });

  it("copies the shown snippet of each tab with c", async () => {
    const { stdin, copy, frame } = page(llama);
    // On a busy machine a render may come after the typing's pauses: wait for what each key makes.
    const eventually = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });
    await type(stdin, keys.right);
    // The answer opens on Python's SDK; the next snippet is the OpenAI client's.
    await eventually(() => expect(frame()).toContain("Snippet: [python/openai"));
    await type(stdin, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getInferenceSnippets(llama)[1]?.content));
    await eventually(() => expect(frame()).toContain("Copied to the clipboard."));
    await type(stdin, keys.tab);
    await eventually(() => expect(frame()).toContain("Snippet: [python/transformers"));
    await type(stdin, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getLibrarySnippets(llama)[0]?.content));
    await type(stdin, keys.tab, "c");
    const [firstApp] = appsForModel(llama);
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(getLocalAppSnippets(llama, firstApp!.key)[0]?.content));
    expect(frame()).toContain(`App: [${firstApp!.key}`);
  });

  it("shows a snippet's install command above its code, copies it with i, and offers no i where nothing installs", async () => {
    const { stdin, copy, frame } = page(llama);
    const eventually = (check: () => void) => vi.waitFor(check, { timeout: 3_000 });
    const snippets = getInferenceSnippets(llama);
    // The first snippet, Python's SDK, installs huggingface_hub; fetch, further on, installs nothing.
    const [sdkSnippet] = snippets;
    const fetchAt = snippets.findIndex((snippet) => snippet.client === "fetch");
    expect(sdkSnippet?.install).toBe("pip install -U huggingface-hub");
    expect(snippets[fetchAt]?.install).toBeUndefined();
    await eventually(() => expect(frame()).toContain(`# ${sdkSnippet?.install}`));
    await type(stdin, "i");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith("pip install -U huggingface-hub"));
    await type(stdin, "c");
    await eventually(() => expect(copy).toHaveBeenLastCalledWith(sdkSnippet?.content));
    copy.mockClear();
    for (let step = 0; step < fetchAt; step += 1) await type(stdin, keys.right);
    await eventually(() => expect(frame()).toContain("Snippet: [js/fetch"));
    expect(frame()).not.toContain("pip install");
    await type(stdin, "i");
    expect(copy).not.toHaveBeenCalled();
  });

  it("counts each Tab of a chunk that holds several", async () => {
    const { stdin, frame } = page(llama);
    await type(stdin, "\t\t");
    expect(frame()).toContain("App: [");
    expect(frame()).not.toContain("Stream:");
  });

  it("shows the local apps' commands with the chosen GGUF quant, and says which it is", async () => {
    const { frame } = page(gguf);
    expect(frame()).toContain("GGUF quant: Q4_K_M");
    expect(frame()).toContain("bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M");
  });

  it("toggles streaming for a chat model, and offers no stream toggle to other models", async () => {
    const chat = page(llama);
    expect(chat.frame()).toContain("Stream: off");
    // Python's SDK, its OpenAI client, then its raw HTTP call.
    await type(chat.stdin, keys.right + keys.right);
    expect(chat.frame()).toContain("python/requests");
    expect(chat.frame()).not.toContain("stream=True");
    await type(chat.stdin, "s");
    expect(chat.frame()).toContain("Stream: on");
    const streamed = getInferenceSnippets(llama, { stream: true, language: "python", client: "requests" })[0]?.content ?? "";
    expect(chat.frame()).toContain(
      streamed
        .split("\n")
        .find((line) => /stream/i.test(line))
        ?.trim() ?? "no stream line",
    );

    const speech = page(whisper);
    expect(speech.frame()).not.toContain("Stream:");
    await type(speech.stdin, "s");
    expect(speech.frame()).not.toContain("Stream:");
  });

  it("groups the local apps' snippets by app: ←/→ change the app, Enter its command", async () => {
    const { stdin, frame } = page(gguf);
    const appTab = snippetSources.find((source) => source.id === "app")!;
    const apps = [...new Set(appTab.snippetsFor(pageAnswer(gguf, defaultToggles), gguf).map((snippet) => snippet.client))];
    expect(apps.length).toBeGreaterThan(5);
    expect(frame()).toContain(`1 of ${apps.length}`);
    expect(frame()).toContain("Enter: next command");
    await type(stdin, keys.enter);
    expect(frame()).toMatch(/App:\s+\[llama\.cpp 2\/3/);
    expect(frame()).toContain("http://localhost:8080/v1/chat/completions");
    await type(stdin, keys.right);
    expect(frame()).toMatch(new RegExp(`App:\\s+\\[${apps[1]!.replace(".", "\\.")}`));
    expect(frame()).toContain(`2 of ${apps.length}`);
  });

  it("picks the quantization for a memory size with M, and says when none fits", async () => {
    const big = ModelRecordSchema.parse({
      id: "acme/Big-70B-GGUF",
      library_name: "gguf",
      pipeline_tag: "text-generation",
      tags: ["gguf", "conversational"],
      siblings: [
        { rfilename: "Big-70B-Q2_K.gguf", size: 26_000_000_000 },
        { rfilename: "Big-70B-Q4_K_M.gguf", size: 42_000_000_000 },
      ],
    });
    const { stdin, frame } = page(big);
    expect(frame()).toContain("Memory: any (default quant)");
    expect(frame()).toContain("acme/Big-70B-GGUF:Q4_K_M");
    await type(stdin, "M");
    expect(frame()).toContain("Memory: 8GB");
    expect(frame()).toMatch(/fits|needs/);
    expect(frame()).not.toContain("acme/Big-70B-GGUF:Q");
    await type(stdin, "M", "M", "M");
    expect(frame()).toContain("Memory: 32GB");
    expect(frame()).toContain("Memory 32GB: Q2_K");
    expect(frame()).toContain("acme/Big-70B-GGUF:Q2_K");
  });

  it("cycles auto and the record's live providers with p, and shows the decided one first", async () => {
    const qwen = record("examples/qwen2.5-7b-instruct.json");
    expect(providerChoices(qwen)).toEqual(["auto", "together", "featherless-ai"]);
    const { stdin, frame } = page(qwen);
    expect(frame()).toContain("Provider: auto (p: 1 of 3)");
    await type(stdin, "p");
    expect(frame()).toContain("Provider: together (p: 2 of 3)");
    // The first snippet, Python's SDK, names the provider.
    expect(frame()).toContain('provider="together"');
  });

  it("cycles the router's provider policies with P, and p names a provider again", async () => {
    const qwen = record("examples/qwen2.5-7b-instruct.json");
    const { stdin, frame } = page(qwen);
    expect(frame()).toContain("Policy: off (P)");
    await type(stdin, "P");
    expect(frame()).toContain("Policy: fastest (P)");
    expect(frame()).toContain("Provider: the router's :fastest (p)");
    expect(frame()).toContain('model="Qwen/Qwen2.5-7B-Instruct:fastest"');
    await type(stdin, "P");
    expect(frame()).toContain("Policy: cheapest (P)");
    expect(frame()).toContain('model="Qwen/Qwen2.5-7B-Instruct:cheapest"');
    await type(stdin, "p");
    expect(frame()).toContain("Policy: off (P)");
    expect(frame()).toContain("Provider: together (p: 2 of 3)");
    expect(frame()).not.toContain(":cheapest");
  });

  it("offers no policy to a record without a live provider", () => {
    expect(page(llama).frame()).not.toContain("Policy:");
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
    const extra: SnippetSource = {
      id: "notes",
      label: "Notes",
      snippetsFor: (_answer, model) => [{ language: "sh", client: "echo", content: `echo ${model.id}` }],
    };
    const { tabLine } = page(whisper, { sources: [...snippetSources, extra] });
    expect(tabLine()).toMatch(/Inference.*Notes/);
  });

  it("says there is nothing when the core makes no snippet for the model", () => {
    const { frame } = page(record(fixture("no-snippets.json")));
    expect(frame()).toContain("The core makes no snippet for someone/rl-agent");
  });

  it("says why a model the Hub has disabled gets nothing, as the core does", () => {
    const { frame } = page(record("test/fixtures/issue42/disabled-sst2-classifier.json"));
    expect(frame()).toContain("is disabled on the Hub");
    expect(frame()).not.toContain("no provider serves its task");
  });
});
