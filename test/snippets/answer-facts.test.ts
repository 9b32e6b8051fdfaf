import { describe, expect, it, vi } from "vitest";
import { readModelRecord } from "../../src/model/read.js";
import type { ModelRecord } from "../../src/model/record.js";
import * as viewModule from "../../src/model/view.js";
import { memoryNeeded } from "../../src/weights/memory-fit.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { decideModel } from "../../src/model-answer/decision.js";
import { answerOf } from "../../src/model-answer/filter.js";
import { getModelNotebook, modelNotebook } from "../../src/notebook/model-notebook.js";
import { pageAnswer } from "../../src/ui/browser/page-answers.js";
import { modelPageNotebook } from "../../src/ui/browser/page-notebook.js";
import type { Toggles } from "../../src/ui/browser/page-facts.js";
import { explainNoAppSnippet } from "../../src/cli/commands/apps.js";

// Hoisted above the imports: the counter's module is imported inside the factory.
vi.mock("../../src/model/view.js", async (original) => (await import("../helpers/view-counter.js")).countingViewModule(await original()));
const { recordView } = viewModule;
const viewsBuilt = () => (viewModule as unknown as { viewsBuilt: () => number }).viewsBuilt();

/*
 * What the decision (src/model-answer/decision.ts) and its answers carry besides the snippets, so that a face formats
 * and never decides again (issues 41 and 53): the live providers, the library, why a filter matched nothing, and what
 * the browser's model page shows beside the code, read from the decision by the page (src/ui/browser/page-answers.ts).
 */

const gguf = readModelRecord("examples/llama-3.2-3b-instruct-gguf.json");
// together and featherless-ai live, novita in error, nscale in staging.
const qwen = readModelRecord("examples/qwen2.5-7b-instruct.json");
const bart = readModelRecord("examples/bart-large-mnli.json");
/** The page's answer for these toggles (the page's defaults for the others). */
const page = (model: ModelRecord, toggles: Partial<Toggles> = {}) =>
  pageAnswer(model, { provider: undefined, policy: undefined, stream: false, memory: undefined, ...toggles });
const appClients = (answer: ReturnType<typeof getModelSnippets>) => [
  ...new Set(answer.snippets.filter((snippet) => snippet.kind === "app").map((snippet) => snippet.client)),
];

describe("the answer's facts for a page of toggles", () => {
  it("gives a GGUF repository's default quantization, the others, the memory toggle on the local apps, and opens on them", () => {
    const answer = page(gguf);
    expect(answer.page?.opensOn).toBe("app");
    expect(answer.page?.providers).toEqual([]);
    expect(answer.page?.toggles.app).toEqual(["memory"]);
    expect(answer.page?.quant?.chosen).toBe("Q4_K_M");
    expect(answer.page?.quant?.fit).toBeUndefined();
    const labels = recordView(gguf).gguf.quants.map((quant) => quant.label);
    expect([answer.page?.quant?.chosen, ...(answer.page?.quant?.others ?? [])].sort()).toEqual([...new Set(labels)].sort());
    expect(answer.snippets.find((snippet) => snippet.client === "llama.cpp")?.content).toContain("bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M");
  });

  it("picks the biggest quantization that fits the memory asked, says how it fits, and no bigger one fits", () => {
    const answer = page(gguf, { memory: "4GB" });
    const quant = answer.page?.quant;
    expect(quant?.chosen).toBe("Q6_K");
    expect(quant?.fit?.memory).toBe(4e9);
    expect((quant?.fit?.bytes ?? Infinity) + (quant?.fit?.margin ?? 0)).toBeLessThanOrEqual(4e9);
    const sizes = recordView(gguf).gguf.quants;
    const chosenBytes = sizes.find((entry) => entry.label === "Q6_K")?.bytes ?? 0;
    for (const other of sizes.filter((entry) => (entry.bytes ?? 0) > chosenBytes)) expect(memoryNeeded(other.bytes ?? 0), other.label).toBeGreaterThan(4e9);
    expect(answer.snippets.find((snippet) => snippet.client === "llama.cpp")?.content).toContain(":Q6_K");
  });

  it("reports a memory no quantization fits as the local apps' failure, and keeps the other kinds' snippets", () => {
    const answer = page(gguf, { memory: "1GB" });
    expect(answer.page?.failed.app).toMatch(/^no quantization of bartowski\/Llama-3\.2-3B-Instruct-GGUF fits in 1\.00 GB/);
    expect(appClients(answer)).toEqual([]);
    expect(answer.snippets.some((snippet) => snippet.kind === "library")).toBe(true);
    // Without `page` the same memory is an error of the whole answer, as the CLI's --memory is.
    expect(() => getModelSnippets(gguf, { app: "llama.cpp", memory: "1GB" })).toThrow(answer.page?.failed.app ?? "?");
  });

  it("lists every app that runs the model, the default answer's apps first, and still names the others", () => {
    const shortlist = appClients(getModelSnippets(gguf));
    const answer = page(gguf);
    const apps = appClients(answer);
    expect(apps.slice(0, shortlist.length)).toEqual(shortlist);
    expect(apps.slice(shortlist.length).sort()).toEqual([...answer.otherApps].sort());
    expect(answer.otherApps.length).toBeGreaterThan(0);
  });

  it("offers auto and the live providers, never one in error or staging, and asks the first by name", () => {
    const answer = page(qwen);
    expect(answer.liveProviders).toEqual({ accepted: ["together", "featherless-ai"], unknown: [] });
    expect(answer.page?.providers).toEqual(["auto", "together", "featherless-ai"]);
    expect(answer.page?.toggles.inference).toEqual(["provider", "policy", "stream"]);
    // A chat record with live providers offers the router's policies (--policy); one without a live chat provider does not.
    expect(answer.page?.toggles.library).toEqual([]);
    expect(answer.page?.quant).toBeUndefined();
    expect(answer.page?.opensOn).toBeUndefined();
    // The page's toggle starts on the core's choice, asked for by name: the answer is the one for `auto`.
    const auto = page(qwen, { provider: "auto" });
    expect(answer.snippets).toEqual(auto.snippets);
    expect(answer.notes).toEqual(auto.notes);
    expect(page(qwen, { provider: "together" }).inference?.provider).toBe("together");
  });

  it("writes the page's notebook (`n`): the default notebook, its calls through the provider the page chose", () => {
    const written = modelPageNotebook(page(qwen, { provider: "together" }));
    const decision = decideModel(qwen, { provider: "together" });
    expect("notebook" in written ? written.notebook : written.reason).toEqual(modelNotebook(decision, answerOf(decision)));
    // `--provider` alone asks for the calls only (filterOf); the page keeps every kind it shows.
    const callsOnly = getModelNotebook(qwen, { provider: "together" });
    const sources = (notebook: typeof callsOnly) => notebook?.cells.map((cell) => [cell.source].flat().join("")) ?? [];
    expect(sources(callsOnly).join("\n")).toContain('provider="together"');
    expect(sources("notebook" in written ? written.notebook : undefined).length).toBeGreaterThan(sources(callsOnly).length);
  });
});

describe("the answer's facts for the CLI's messages", () => {
  it("carries the record's live providers, absent for a record without a mapping", () => {
    expect(getModelSnippets(qwen, { kind: "library" }).liveProviders?.accepted).toEqual(["together", "featherless-ai"]);
    expect(getModelSnippets(readModelRecord("test/fixtures/no-mapping/whisper-large-v3.json")).liveProviders).toBeUndefined();
  });

  it("says which snippets exist before a language and client filter that matched nothing, kind by kind", () => {
    const answer = getModelSnippets(qwen, { language: "sh", client: "openai" });
    expect(answer.snippets).toEqual([]);
    const all = getModelSnippets(qwen).snippets;
    for (const kind of ["inference", "library", "app"] as const) {
      const labels = [...new Set(all.filter((snippet) => snippet.kind === kind).map((snippet) => `${snippet.language}/${snippet.client}`))];
      expect(answer.beforeFilter?.[kind] ?? [], kind).toEqual(labels);
    }
    expect(answer.beforeFilter?.inference).toContain("sh/curl");
    // A filter that matched, and an answer without one, carry nothing to explain.
    expect(getModelSnippets(qwen, { language: "sh" }).beforeFilter).toBeUndefined();
    expect(getModelSnippets(qwen).beforeFilter).toBeUndefined();
  });

  it("names a library record's library and its loading snippets before the filter", () => {
    const answer = getModelSnippets(bart, { kind: "library", language: "js" });
    expect(answer.snippets).toEqual([]);
    expect(answer.libraryKey).toBe("transformers");
    expect(answer.beforeFilter).toEqual({ library: ["python/transformers"] });
    expect(getModelSnippets(gguf).libraryKey).toBe("llama-cpp-python");
  });

  it("says of an app asked for that wrote nothing whether it runs the model, and which apps do", () => {
    expect(getModelSnippets(qwen, { app: "ollama" }).snippets).toEqual([]);
    const running = decideModel(qwen).apps().running;
    expect(running).toContain("vllm");
    expect(running).not.toContain("ollama");
    expect(explainNoAppSnippet(decideModel(qwen), "ollama").message).toBe(`Ollama does not run Qwen/Qwen2.5-7B-Instruct; apps that do: ${running.join(", ")}`);
    expect(getModelSnippets(gguf, { app: "llama.cpp", language: "python" }).snippets).toEqual([]);
    expect(explainNoAppSnippet(decideModel(gguf), "llama.cpp").message).toMatch(/^no snippet of llama\.cpp for .* matches --lang and --client$/);
  });
});

describe("the decision, without filter or face", () => {
  it("answers several filters from one decision, deciding each kind once and writing only what a filter shows", () => {
    const decision = decideModel(qwen);
    const python = answerOf(decision, { language: "python" });
    expect(answerOf(decision, { kind: "inference" }).inference).toEqual(answerOf(decision).inference);
    expect(decision.inference()).toBe(decision.inference());
    const all = answerOf(decision).snippets;
    expect(python.snippets).toEqual(all.filter((snippet) => snippet.language === "python"));
    expect(python.snippets.length).toBeGreaterThan(0);
  });

  it("decides no kind a filter does not want: a provider the record refuses fails only the inference calls", () => {
    const decision = decideModel(qwen, { provider: "novita" });
    expect(() => answerOf(decision, { kind: "inference" })).toThrow(/novita/);
    expect(new Set(answerOf(decision, { kind: "library" }).snippets.map((snippet) => snippet.client))).toEqual(new Set(["transformers"]));
  });

  it("says once what the pages and the notebook read: the providers offered, the apps' quantization, the weights", () => {
    const decision = decideModel(gguf);
    expect(decision.providersOffered()).toEqual([]);
    expect(decision.quant()?.chosen).toBe("Q4_K_M");
    const chosen = recordView(gguf).gguf.quants.find((quant) => quant.label === "Q4_K_M");
    expect(decision.weights()).toBe(chosen?.bytes);
    expect(decideModel(qwen).providersOffered()).toEqual(["auto", "together", "featherless-ai"]);
  });
});

describe("one answer per call", () => {
  it("builds one view of the record per call, the facts and the unfiltered labels included", () => {
    for (const options of [{}, { allApps: true }, { language: "sh", client: "openai" }, { app: "ollama" }]) {
      const before = viewsBuilt();
      getModelSnippets(qwen, options);
      getModelSnippets(gguf, options);
      expect(viewsBuilt() - before, JSON.stringify(options)).toBe(2);
    }
    for (const toggles of [{}, { memory: "1GB" }, { provider: "together" }]) {
      const before = viewsBuilt();
      modelPageNotebook(page(qwen, toggles));
      page(gguf, toggles);
      expect(viewsBuilt() - before, JSON.stringify(toggles)).toBe(2);
    }
  });

  it("answers a record changed between two calls from what it says now: nothing is kept across calls", () => {
    const record: ModelRecord = structuredClone(qwen);
    expect(page(record).page?.providers).toEqual(["auto", "together", "featherless-ai"]);
    const mapping = record.inferenceProviderMapping as Record<string, { status: string }>;
    mapping["featherless-ai"]!.status = "error";
    const changed = page(record);
    expect(changed.page?.providers).toEqual(["auto", "together"]);
    expect(changed.liveProviders?.accepted).toEqual(["together"]);
  });
});
