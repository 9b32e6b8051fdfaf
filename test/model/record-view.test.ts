import { describe, expect, it, vi } from "vitest";
import { providerTaskOf } from "../../src/catalogue/providers.js";
import { ggufParameterCount, holdsOnlyGgufWeights, isGgufRepository, isModelGguf } from "../../src/model/gguf.js";
import { cardOptsOutOfInference, isDisabled } from "../../src/model/hosting.js";
import { hasProviderMapping, liveProviders, providerMappingOf, type ProviderMappingEntry } from "../../src/model/provider-mapping.js";
import { ModelRecordSchema, type ModelRecord } from "../../src/model/record.js";
import { saysItsKind } from "../../src/model/says-its-kind.js";
import { siblingFiles, siblings } from "../../src/model/siblings.js";
import * as viewModule from "../../src/model/view.js";
import { inferenceKinds } from "../../src/catalogue/inference-kinds.js";
import { getModelSnippets } from "../../src/model-answer/model-snippets.js";
import { type ModelSnippetOptions } from "../../src/model-answer/answer.js";
import { appRecords } from "../helpers/app-records.js";
import { hubRecordExpectations, hubRecordNames } from "../helpers/hub-records.js";
import { accessNote, ggufQuantFiles, libraryKeyOf, modelFormats, withTaskFromMapping } from "../helpers/record-twins.js";

// Hoisted above the imports: the counter's module is imported inside the factory.
vi.mock("../../src/model/view.js", async (original) => (await import("../helpers/view-counter.js")).countingViewModule(await original()));
const { recordView } = viewModule;
const viewsBuilt = () => (viewModule as unknown as { viewsBuilt: () => number }).viewsBuilt();

/*
 * The record's view (src/model/view.ts) is what the decision of a model's snippets reads: each of its facts must
 * equal what the function of src/model/ (or the catalogue) that answers it alone says, over every record we hold (the
 * Hub record corpus, the apps' fixtures, issue 32's records and the generated shapes), so that a change to either
 * side shows here. And one answer reads its record once.
 */

const records: { name: string; model: ModelRecord }[] = appRecords().map(({ name, json }) => ({ name, model: ModelRecordSchema.parse(json) }));
const hubNames = hubRecordNames();
const expectations = hubRecordExpectations();
/** Every task a mapping entry may name: the providers' tasks of the inference kinds, and one no provider serves. */
const tasks = [...new Set([...inferenceKinds.map(providerTaskOf), "conversational", "not-a-task"])];

/** A provider's entry for a task, else its first: the model list may name a provider once per task. */
const entryOf = (entries: ProviderMappingEntry[], provider: string, task: string) =>
  entries.find((entry) => entry.provider === provider && entry.task === task) ?? entries.find((entry) => entry.provider === provider);

describe("the record's view holds what the record's own functions say", () => {
  it("covers the Hub record corpus and the shapes the decision tells apart", () => {
    expect(records.filter(({ name }) => name.startsWith("hub-records/")).length).toBe(hubNames.length);
    expect(hubNames.length).toBeGreaterThanOrEqual(87);
    const views = records.map(({ model }) => recordView(model));
    const count = (test: (view: (typeof views)[number]) => boolean) => views.filter(test).length;
    const shapes = {
      records: views.length,
      mapped: count((view) => view.providers.mapped),
      "not live": count((view) => view.providers.entries.length > view.providers.live.length),
      adapters: count((view) => view.providers.entries.some((entry) => entry.adapter !== undefined)),
      "task from the mapping": count((view) => view.record.pipeline_tag === undefined && view.task !== undefined),
      "GGUF repositories": count((view) => view.gguf.repository),
      "GGUF-only weights": count((view) => view.gguf.onlyGgufWeights),
      "split GGUF files": count((view) => view.gguf.quants.some((quant) => quant.files.length > 1)),
      "sized quantizations": count((view) => view.gguf.quants.some((quant) => quant.bytes !== undefined)),
      private: count((view) => view.private),
      gated: count((view) => view.gated),
      disabled: count((view) => view.disabled),
      "card opts out of inference": count((view) => view.inferenceOptOut),
      "says no kind": count((view) => !view.saysItsKind),
    };
    console.log(
      `record view: ${Object.entries(shapes)
        .map(([shape, n]) => `${n} ${shape}`)
        .join(", ")}`,
    );
    for (const [shape, n] of Object.entries(shapes)) expect(n, shape).toBeGreaterThan(0);
  });

  it.each(records)("$name", ({ model }) => {
    const view = recordView(model);
    expect(view.record).toBe(model);
    expect(view.id).toBe(model.id);
    expect(view.tasked).toEqual(withTaskFromMapping(model));
    expect(view.task).toBe(withTaskFromMapping(model).pipeline_tag);
    expect(view.library).toBe(model.library_name);
    expect(view.libraryKey).toBe(libraryKeyOf(model));
    expect(view.files).toEqual(siblings(model));
    expect(view.fileNames).toEqual(siblingFiles(model));

    expect(view.providers.mapped).toBe(hasProviderMapping(model));
    expect(view.disabled).toBe(isDisabled(model));
    expect(view.inferenceOptOut).toBe(cardOptsOutOfInference(model));
    expect(view.providers.entries).toEqual(providerMappingOf(model));
    expect(view.providers.live).toEqual(liveProviders(model));
    for (const provider of new Set([...providerMappingOf(model).map((entry) => entry.provider), "not-a-provider"])) {
      for (const task of tasks)
        expect(view.providers.entryFor(provider, task), `${provider} ${task}`).toEqual(entryOf(providerMappingOf(model), provider, task));
    }

    expect(view.gguf.repository).toBe(isGgufRepository(model));
    expect(view.gguf.onlyGgufWeights).toBe(holdsOnlyGgufWeights(model));
    expect(view.gguf.modelFiles).toEqual(siblingFiles(model).filter(isModelGguf));
    expect(view.gguf.parameters).toBe(ggufParameterCount(model));
    expect(view.gguf.quants).toEqual(ggufQuantFiles(model));

    expect(view.private).toBe(model["private"] === true);
    // What the access note says: a private model's note, a gated model's note, or none.
    const note = accessNote(model);
    expect(view.private ? "private" : view.gated ? "gated" : "public").toBe(note === undefined ? "public" : note.startsWith("Private") ? "private" : "gated");
    expect(view.saysItsKind).toBe(saysItsKind(model));
    expect([...view.formats].sort()).toEqual([...modelFormats(model)].sort());
  });

  it("says a Hub record is gated as its expectation does", () => {
    for (const name of hubNames) {
      const view = recordView(records.find((record) => record.name === `hub-records/${name}`)!.model);
      expect(view.gated || view.private, name).toBe(expectations[name]?.gated);
    }
  });
});

describe("one answer reads its record once", () => {
  const optionSets: ModelSnippetOptions[] = [
    {},
    { language: "python", client: "requests" },
    { allApps: true },
    { kind: "library" },
    { kind: "inference", provider: "auto" },
    { endpointUrl: "https://example.endpoints.huggingface.cloud" },
  ];

  it.each(optionSets.map((options) => ({ options, label: JSON.stringify(options) })))("getModelSnippets(record, $label) builds one view", ({ options }) => {
    for (const { name, model } of records) {
      const before = viewsBuilt();
      try {
        getModelSnippets(model, options);
      } catch {
        // A refusal (a provider asked for that serves nothing) is an answer too: it was decided from one view.
      }
      expect(viewsBuilt() - before, name).toBe(1);
    }
  });
});
