import { refusal } from "../helpers/refusal.js";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { getInferenceSnippets } from "../../src/inference/snippets.js";
import { policies, type Policy } from "../../src/inference/policy.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";

/* --policy: the chat snippets of every client name the model `<id>:<policy>` through the router's chat route. */

const record = (fields: Record<string, unknown>): ModelRecord => ModelRecordSchema.parse({ _id: "64f0000000000000000000aa", ...fields });
const mapping = {
  together: { status: "live", providerId: "Qwen/Qwen2.5-7B-Instruct-Turbo", task: "conversational" },
  novita: { status: "staging", providerId: "qwen/qwen-2.5-7b", task: "conversational" },
  groq: { status: "live", providerId: "qwen-2.5-7b", task: "conversational" },
  "brand-new-provider": { status: "live", providerId: "qwen-7b", task: "conversational" },
  "fal-ai": { status: "live", providerId: "fal/other", task: "text-to-image" },
};
const chat = (extra: Record<string, unknown> = {}) =>
  record({ id: "Qwen/Qwen2.5-7B-Instruct", pipeline_tag: "text-generation", tags: ["conversational"], inferenceProviderMapping: mapping, ...extra });
const vision = () =>
  record({
    id: "acme/vision-chat",
    pipeline_tag: "image-text-to-text",
    inferenceProviderMapping: { together: { status: "live", providerId: "acme/v", task: "conversational" } },
  });

const allClients = ["python/huggingface_hub", "python/openai", "python/requests", "js/fetch", "js/huggingface.js", "js/openai", "sh/curl"];

describe("--policy: the router's provider policies in the chat snippets", () => {
  for (const policy of policies) {
    it(`${policy}: every chat client names the model <id>:${policy} and calls the router's chat route`, () => {
      const answer = getModelSnippets(chat(), { kind: "inference", policy });
      expect(answer.snippets.map((snippet) => `${snippet.language}/${snippet.client}`).sort()).toEqual([...allClients].sort());
      const model = `Qwen/Qwen2.5-7B-Instruct:${policy}`;
      for (const snippet of answer.snippets) {
        expect(snippet.content, snippet.client).toContain(model);
        // The provider is the router's choice: never a named provider, never a second suffix.
        expect(snippet.content, snippet.client).not.toMatch(/together|groq|novita|:hf-inference/);
      }
      for (const client of ["curl", "requests", "fetch"]) {
        expect(answer.snippets.find((snippet) => snippet.client === client)?.content, client).toContain("https://router.huggingface.co/v1/chat/completions");
      }
      expect(answer.snippets.find((snippet) => snippet.client === "huggingface_hub")?.content).toContain('provider="auto"');
      expect(answer.snippets.find((snippet) => snippet.client === "huggingface.js")?.content).toContain('provider: "auto"');
    });
  }

  it("the note says what the policy does, among the record's live chat providers only", () => {
    const notes = getModelSnippets(chat(), { kind: "inference", policy: "cheapest" }).notes;
    const note = notes.find((line) => line.includes(":cheapest"));
    expect(note).toContain("lowest price per output token");
    expect(note).toContain("together, groq, brand-new-provider (not known to this tool");
    expect(note).not.toContain("novita");
    expect(note).not.toContain("fal-ai");
    expect(getModelSnippets(chat(), { kind: "inference", policy: "preferred" }).notes.join("\n")).toContain("hf.co/settings/inference-providers");
    expect(getModelSnippets(chat(), { kind: "inference", policy: "fastest" }).notes.join("\n")).toContain("highest throughput");
  });

  it("vision chat takes the policy too; streaming keeps it", () => {
    const answer = getModelSnippets(vision(), { kind: "inference", policy: "fastest", stream: true });
    expect(answer.snippets.length).toBe(allClients.length);
    for (const snippet of answer.snippets) expect(snippet.content).toContain("acme/vision-chat:fastest");
  });

  it("the library's getInferenceSnippets takes the option as well", () => {
    const snippets = getInferenceSnippets(chat(), { policy: "fastest", language: "python", client: "openai" });
    expect(snippets).toHaveLength(1);
    expect(snippets[0]?.content).toContain('model="Qwen/Qwen2.5-7B-Instruct:fastest"');
  });

  it("without the option nothing changes: no suffix", () => {
    for (const snippet of getModelSnippets(chat(), { kind: "inference" }).snippets) expect(snippet.content).not.toMatch(/:fastest|:cheapest|:preferred/);
  });

  const refusals: [string, () => unknown, RegExp][] = [
    ["an unknown policy", () => getModelSnippets(chat(), { policy: "slowest" as Policy }), /unknown policy 'slowest'; one of: fastest, cheapest, preferred/],
    ["with --provider", () => getModelSnippets(chat(), { policy: "fastest", provider: "together" }), /drop --provider/],
    ["with --provider auto", () => getModelSnippets(chat(), { policy: "fastest", provider: "auto" }), /drop --provider/],
    ["with --direct", () => getModelSnippets(chat(), { policy: "fastest", direct: true }), /drop --direct/],
    ["with --endpoint-url", () => getModelSnippets(chat(), { policy: "fastest", endpointUrl: "https://example.com" }), /--endpoint-url/],
    [
      "a record without a mapping",
      () => getModelSnippets(chat({ inferenceProviderMapping: undefined }), { policy: "fastest" }),
      /no live provider to choose among: the record lists no inference providers/,
    ],
    [
      "a mapping without a live chat provider",
      () => getModelSnippets(chat({ inferenceProviderMapping: { novita: mapping.novita, "fal-ai": mapping["fal-ai"] } }), { policy: "fastest" }),
      /no live provider to choose among: its inferenceProviderMapping has no live provider for chat/,
    ],
    [
      "a task other than chat",
      () =>
        getModelSnippets(record({ id: "acme/flux", pipeline_tag: "text-to-image", inferenceProviderMapping: { "fal-ai": mapping["fal-ai"] } }), {
          policy: "fastest",
        }),
      /chat completions only.*text-to-image: drop --policy/,
    ],
    [
      "text completion (not chat)",
      () =>
        getModelSnippets(
          record({
            id: "acme/base",
            pipeline_tag: "text-generation",
            inferenceProviderMapping: { together: { status: "live", providerId: "x", task: "text-generation" } },
          }),
          { policy: "fastest" },
        ),
      /chat completions only/,
    ],
    ["a record without a task", () => getModelSnippets(record({ id: "acme/none" }), { policy: "fastest" }), /no inference task: drop --policy/],
    ["the library API with a provider", () => getInferenceSnippets(chat(), { policy: "fastest", provider: "groq" }), /drop --provider/],
    [
      "the library API on a record without providers",
      () => getInferenceSnippets(chat({ inferenceProviderMapping: undefined }), { policy: "cheapest" }),
      /no live provider/,
    ],
  ];
  // Options that contradict --policy are bad usage (exit 2); an unknown policy is an unknown id, and a record with no
  // chat call or no live provider has nothing for the option (exit 1).
  const contradicting = new Set(["with --provider", "with --provider auto", "with --direct", "with --endpoint-url", "the library API with a provider"]);
  for (const [what, call, message] of refusals) {
    const code = contradicting.has(what) ? ExitCode.usage : ExitCode.noMatch;
    it(`refuses ${what} with the reason (exit ${code})`, () => {
      const error = refusal(call);
      expect(error.exitCode).toBe(code);
      expect(error.message).toMatch(message);
    });
  }

  it("a page asking for a policy on a task it does not apply to reports the refusal instead of throwing", () => {
    const answer = pageAnswer(record({ id: "acme/flux", pipeline_tag: "text-to-image", inferenceProviderMapping: { "fal-ai": mapping["fal-ai"] } }), {
      provider: undefined,
      policy: "fastest",
      stream: false,
      memory: undefined,
    });
    expect(answer.page?.failed.inference).toMatch(/chat completions only/);
  });
});
